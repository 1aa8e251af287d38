import { type UnitPack, unitPacksSchema } from 'contracts';
import { z } from 'zod';
import {
  type Expected,
  expected,
  flag,
  isHostName,
  isHttpOrigin,
  isProxyAddress,
  listOf,
  oneOf,
  port,
  positiveInteger,
  text,
  url,
  variable,
} from './env-values';

/*
 * Every environment variable the API reads, in one schema (the README's « Environment » table lists the same names:
 * `env-schema.test.ts` compares them). A wrong value stops the start with every mistake at once, in French, each
 * naming its variable and what it expects; a secret's value is never repeated (it would land in logs).
 */

/** The variables whose value is a credential: a refusal names them without echoing what was received. */
export const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SESSION_SECRET',
  'SECRETS_KEY',
  'ARCHIVE_SIGNING_KEY',
  'SIDEXA_API_KEY',
  'SMTP_URL',
  'SMS_API_KEY',
  'SMS_INBOUND_TOKEN',
  'METRICS_TOKEN',
]);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `UNIT_PACKS`: a wrong price must stop the server, not a customer at the checkout. */
function unitPacks(raw: string): UnitPack[] | Expected {
  const wanted = 'doit être un tableau JSON de packs {id, label, units, preTaxPrice} (prix hors taxe en centimes)';
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return expected(wanted);
  }
  const parsed = unitPacksSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.join('.');
  return expected(where ? `${wanted}, erreur en ${where}` : wanted);
}

/** The operators' rule for an alphanumeric SMS sender: 3 to 11 characters, letters and digits, not only digits. */
const smsSender = (raw: string): string | Expected =>
  /^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/.test(raw)
    ? raw
    : expected('doit compter 3 à 11 lettres ou chiffres, dont une lettre');

/** `TRUST_PROXY`: a flag (any proxy, or none), or the proxies' addresses. */
function trustProxy(raw: string): boolean | string[] | Expected {
  const asFlag = flag(raw);
  if (typeof asFlag === 'boolean') return asFlag;
  return listOf(isProxyAddress, 'd’adresses IP ou de blocs CIDR (127.0.0.1,10.0.0.0/8), ou true, false')(raw);
}

const mailFrom = (raw: string): string | Expected =>
  raw.includes('@') ? raw : expected('doit être un expéditeur avec son adresse (« Garage » <no-reply@garage.fr>)');

const host = (raw: string): string | Expected =>
  isHostName(raw) || isProxyAddress(raw)
    ? raw
    : expected('doit être une adresse IP ou un nom d’hôte (0.0.0.0, ::, localhost)');

export const envSchema = z.object({
  PORT: variable(port),
  HOST: variable(host),
  DATABASE_URL: variable(url(['postgres:', 'postgresql:'], 'postgres://utilisateur:motdepasse@hote:5432/base')),
  DATA_DIR: variable(text),
  SESSION_SECRET: variable(text),
  SECRETS_KEY: variable(text),
  ARCHIVE_SIGNING_KEY: variable(text),
  ARCHIVE_KEY_FILE: variable(text),
  LEDGER_HEADS_FILE: variable(text),
  COOKIE_SECURE: variable(flag),
  API_DOCS: variable(oneOf('public', 'private')),
  STATIC_DIR: variable(text),
  PARTNER_HOSTS: variable(listOf(isHostName, 'de noms d’hôtes (partenaire.example.fr)')),
  REMOTES_JSON: variable(text),
  ALLOWED_ORIGINS: variable(listOf(isHttpOrigin, 'd’origines http(s) (http://localhost:5173)')),
  PUBLIC_URL: variable(url(['http:', 'https:'], 'https://garage.example.fr')),
  LOG_LEVEL: variable(oneOf(...LOG_LEVELS)),
  RATE_LIMIT_MAX: variable(positiveInteger),
  LOGIN_RATE_LIMIT_MAX: variable(positiveInteger),
  UNIT_PACKS: variable(unitPacks),
  SIDEXA_URL: variable(url(['http:', 'https:'], 'https://sidexa.example.fr/api')),
  SIDEXA_API_KEY: variable(text),
  SMTP_URL: variable(url(['smtp:', 'smtps:'], 'smtp://utilisateur:motdepasse@hote:587')),
  MAIL_FROM: variable(mailFrom),
  MAIL_POLL_MS: variable(positiveInteger),
  SMS_API_KEY: variable(text),
  SMS_API_URL: variable(url(['http:', 'https:'], 'https://api.brevo.com/v3')),
  SMS_SENDER: variable(smsSender),
  SMS_INBOUND_TOKEN: variable(text),
  SESSION_IDLE_MINUTES: variable(positiveInteger),
  SESSION_ABSOLUTE_HOURS: variable(positiveInteger),
  TRUST_PROXY: variable(trustProxy),
  METRICS_TOKEN: variable(text),
  SHED_EVENT_LOOP_DELAY_MS: variable(positiveInteger),
  SHED_POOL_WAITING: variable(positiveInteger),
  LOAD_SHEDDING: variable(oneOf('on', 'off')),
  SHUTDOWN_TIMEOUT_SECONDS: variable(positiveInteger),
  DEMO_SEED: variable(flag),
  ENABLE_TEST_ROUTES: variable(flag),
  ALLOW_DEMO_ON_HTTPS: variable(flag),
});

export type Environment = z.output<typeof envSchema>;

/** One line per wrong variable: its name, what it expects, and what it got unless that is a secret. */
function describeIssue(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = String(issue.path[0]);
  const received = SECRET_VARIABLES.has(name) ? '' : ` (reçu : ${env[name]})`;
  return `${name} ${issue.message}${received}`;
}

/** The environment read through the schema; every wrong variable in one French error. */
export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `- ${describeIssue(issue, env)}`);
  throw new Error(`Démarrage refusé : configuration invalide.\n${lines.join('\n')}`);
}
