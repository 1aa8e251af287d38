import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_UNIT_PACKS, type UnitPack } from 'contracts';
import { REPO_ROOT } from './api-root';
import { type Environment, readEnvironment } from './config/env-schema';

export interface AppConfig {
  port: number;
  /** `HOST`: the address the server listens on (0.0.0.0); optional so configs built by hand (tests) need not list it. */
  host?: string;
  /** PostgreSQL server; when absent the API runs on embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or `memory://` (tests). */
  dataDir: string;
  /** HS256 key of the display token (the token is never a credential). */
  sessionSecret: string;
  cookieSecure: boolean;
  /**
   * Whether the OpenAPI document and Swagger UI (`/api/docs`) answer without a session: `API_DOCS=public|private`;
   * by default public on plain-http development and private behind HTTPS (`COOKIE_SECURE=true`, production).
   */
  apiDocsPublic: boolean;
  /** Folder holding `shell/dist` and `mf-<name>/dist`. */
  staticDir: string;
  partnerHosts: string[];
  /** Optional JSON file overriding `/remotes.json`. */
  remotesJson: string | undefined;
  /** Extra origins accepted by the CSRF check (e.g. a dev server whose proxy rewrites Host). */
  allowedOrigins: string[];
  /**
   * `PUBLIC_URL`: the address staff open (https://garage.example.fr), the origin of the links e-mailed (activation,
   * invitation); without it they point to http://localhost:<port> (the demo). Never taken from a request.
   */
  publicUrl?: string | undefined;
  logLevel: string;
  /** Requests per minute and IP on /api (generous: abuse protection only). */
  rateLimitMax: number;
  /** Login attempts per minute per IP and e-mail. */
  loginRateLimitMax: number;
  /** Packs of units sold on /checkout: `UNIT_PACKS` (JSON array, see the README) or the defaults. */
  unitPacks: UnitPack[];
  /** Vehicle-data provider account (`SIDEXA_URL`, `SIDEXA_API_KEY`); no URL = the catalogue shipped with the API. */
  sidexaUrl: string | undefined;
  sidexaApiKey: string | undefined;
  /**
   * SMTP server of the mail dispatcher (`SMTP_URL`, smtp:// or smtps://); absent = mails stay in the outbox.
   * The mail settings are optional so configs built by hand (tests) need not list them.
   */
  smtpUrl?: string | undefined;
  /** Sender of every mail (`MAIL_FROM`), `DEFAULT_MAIL_FROM` when absent. */
  mailFrom?: string;
  /** Milliseconds between two looks at the outbox (`MAIL_POLL_MS`), `DEFAULT_MAIL_POLL_MS` when absent. */
  mailPollMs?: number;
  /**
   * Whether the server reminds insurers of their invoices past due by itself (every hour, for the garages with a
   * reminder template). Always on in a real start; configs built by hand (tests) leave it off and call the pass.
   */
  insurerReminders?: boolean;
  /**
   * The SMS provider: `SMS_API_KEY` of a Brevo account (transactional SMS), `SMS_API_URL` its API
   * (https://api.brevo.com/v3, or the tests' local provider), `SMS_SENDER` the name shown on phones (3 to 11 letters
   * or digits). Without a key the SMS stay in the outbox, as the mails do without `SMTP_URL`.
   */
  sms?: SmsConfig | undefined;
  /**
   * The key sealing the secrets garages type in (SMTP password, SMS API key): `SECRETS_KEY`, else the `secrets-key`
   * file made beside the data at the first start. Absent (configs built by hand): a key drawn for the process.
   */
  secretsKey?: string;
  /**
   * Whether the mail and SMS dispatchers run (every `mailPollMs`). Always on in a real start; configs built by hand
   * (tests) leave them off and call a pass, so that no background send races what a test reads.
   */
  outboxLoops?: boolean;
  /** `SMS_INBOUND_TOKEN`: the provider relays replies (« STOP ») with it; absent = `POST /api/sms/inbound` is 404. */
  smsInboundToken?: string | undefined;
  /** `SESSION_IDLE_MINUTES`: without a request for that long a session can no longer be used nor refreshed (120). */
  sessionIdleMinutes?: number;
  /** `SESSION_ABSOLUTE_HOURS`: a chain of refreshed sessions ends that long after its login (12). */
  sessionAbsoluteHours?: number;
  /**
   * `TRUST_PROXY`: the reverse proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed (Fastify's
   * `trustProxy`: `true` for any, or a comma list of addresses/CIDRs); absent = none, the socket is the client.
   */
  trustProxy?: boolean | string[];
  /** `METRICS_TOKEN`: `GET /api/metrics` answers only to `Authorization: Bearer <it>`; absent = 404, no metrics. */
  metricsToken?: string | undefined;
  /** `SHUTDOWN_TIMEOUT_SECONDS`: on SIGTERM, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutSeconds?: number;
  /**
   * Load shedding: past these limits `/api` answers a fast 503 with `Retry-After` instead of queueing
   * until everything times out. `SHED_EVENT_LOOP_DELAY_MS` (mean delay over the last sample, 1000: PGlite runs each query on the loop itself),
   * `SHED_POOL_WAITING` (PostgreSQL calls waiting for a pool connection, 40); `LOAD_SHEDDING=off` turns it off.
   * Optional so configs built by hand (tests) need not list it: absent = the defaults.
   */
  shedding?: SheddingConfig | false;
  /**
   * `DEMO_SEED=1`: plant the demo network and its accounts (public password) at start; `pnpm start` and `pnpm dev`
   * set it, nothing else does. The seed never runs on a database holding a real (non-demo) company.
   */
  demoSeed?: boolean;
  /** `ENABLE_TEST_ROUTES=1`: required by the browser tests' server (`test-support/server.ts`); the product has none. */
  testRoutes?: boolean;
  /** `ALLOW_DEMO_ON_HTTPS=1`: a public demo on purpose may serve its accounts behind HTTPS (refused otherwise). */
  allowDemoOnHttps?: boolean;
  /**
   * What the ledger keeps out of the database it protects, so that rewriting the database is not enough to
   * rewrite the chain and sign again: `ARCHIVE_SIGNING_KEY` (the Ed25519 private key's PEM, an environment secret),
   * else the PEM file `ARCHIVE_KEY_FILE` (`<DATA_DIR>/../archive-signing-key.pem`, made at the first start, mode 0600),
   * and `LEDGER_HEADS_FILE`, the append-only journal of each closing's and archive's head (`ledger-heads.jsonl` beside
   * the key file). Absent (configs built by hand, a `memory://` data directory): a key in memory, no journal.
   */
  ledgerAnchors?: LedgerAnchorsConfig;
}

export interface LedgerAnchorsConfig {
  keyPem?: string | undefined;
  keyFile?: string | undefined;
  headsFile?: string | undefined;
}

/** The key's and the journal's places; the files themselves are opened at start (`modules/ledger/anchors.ts`). */
function ledgerAnchors(env: Environment, dataDir: string): LedgerAnchorsConfig {
  const besideData = dataDir.startsWith('memory://') ? undefined : join(dataDir, '..', 'archive-signing-key.pem');
  const keyFile = env.ARCHIVE_KEY_FILE ?? besideData;
  const headsFile = env.LEDGER_HEADS_FILE ?? (keyFile && join(dirname(keyFile), 'ledger-heads.jsonl'));
  return { keyPem: env.ARCHIVE_SIGNING_KEY, keyFile, headsFile };
}

export interface SheddingConfig {
  maxEventLoopDelayMs: number;
  maxPoolWaiting: number;
}

export const DEFAULT_SHEDDING: SheddingConfig = { maxEventLoopDelayMs: 1000, maxPoolWaiting: 40 };

export interface SmsConfig {
  apiUrl: string;
  apiKey: string;
  sender: string;
}

export const DEFAULT_SMS_API_URL = 'https://api.brevo.com/v3';
export const DEFAULT_SMS_SENDER = 'GARAGE';

/** Without a key the SMS stay in the outbox; the URL and the sender were checked by the schema. */
function smsConfig(env: Environment): SmsConfig | undefined {
  if (!env.SMS_API_KEY) return undefined;
  const apiUrl = (env.SMS_API_URL ?? DEFAULT_SMS_API_URL).replace(/\/+$/, '');
  return { apiUrl, apiKey: env.SMS_API_KEY, sender: env.SMS_SENDER ?? DEFAULT_SMS_SENDER };
}

export const DEFAULT_MAIL_FROM = '"Garage Back-Office" <no-reply@localhost>';
export const DEFAULT_MAIL_POLL_MS = 5000;
/** A working day with its breaks (docs/decisions.md): two hours without a request, twelve after the login. */
export const DEFAULT_SESSION_IDLE_MINUTES = 120;
export const DEFAULT_SESSION_ABSOLUTE_HOURS = 12;

/** A secret persisted beside the data, so display tokens and sealed secrets survive restarts without configuration. */
function persistentSecret(dataDir: string, name: 'session-secret' | 'secrets-key'): string {
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('hex');
  const file = join(dataDir, '..', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Demo accounts (public password) or test routes (clone any account) behind HTTPS mean a real deployment exposed to
 * anyone: refused unless the operator says it is a public demo on purpose (`ALLOW_DEMO_ON_HTTPS=1`). Read from the
 * parsed flags, so that `DEMO_SEED=true` (accepted as `1`) is refused as well.
 */
function assertNoDemoBehindHttps(env: Environment): void {
  if (!env.COOKIE_SECURE || env.ALLOW_DEMO_ON_HTTPS) return;
  const exposed = [env.DEMO_SEED && 'DEMO_SEED=1', env.ENABLE_TEST_ROUTES && 'ENABLE_TEST_ROUTES=1'];
  const named = exposed.filter(Boolean).join(' et ');
  if (!named) return;
  throw new Error(
    `Démarrage refusé : ${named} derrière HTTPS (COOKIE_SECURE=true) ouvrirait les comptes de démonstration ou les ` +
      `routes de test à tous. Retirez ${named} pour un garage réel, ou ajoutez ALLOW_DEMO_ON_HTTPS=1 si ce serveur ` +
      'est une démonstration publique voulue.',
  );
}

/** Load shedding's limits, or `false` when the operator turned it off (`LOAD_SHEDDING=off`). */
function shedding(env: Environment): SheddingConfig | false {
  if (env.LOAD_SHEDDING === 'off') return false;
  return {
    maxEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS ?? DEFAULT_SHEDDING.maxEventLoopDelayMs,
    maxPoolWaiting: env.SHED_POOL_WAITING ?? DEFAULT_SHEDDING.maxPoolWaiting,
  };
}

/**
 * The environment, checked by the schema (`config/env-schema.ts`: every wrong variable in one French error), then
 * given the defaults documented in the README.
 */
export function loadConfig(processEnv: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = readEnvironment(processEnv);
  assertNoDemoBehindHttps(env);
  const dataDir = env.DATA_DIR ?? join(REPO_ROOT, '.data', 'pglite');
  const cookieSecure = env.COOKIE_SECURE ?? false;
  return {
    demoSeed: env.DEMO_SEED ?? false,
    testRoutes: env.ENABLE_TEST_ROUTES ?? false,
    allowDemoOnHttps: env.ALLOW_DEMO_ON_HTTPS ?? false,
    port: env.PORT ?? 4000,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? persistentSecret(dataDir, 'session-secret'),
    secretsKey: env.SECRETS_KEY ?? persistentSecret(dataDir, 'secrets-key'),
    cookieSecure,
    apiDocsPublic: env.API_DOCS ? env.API_DOCS === 'public' : !cookieSecure,
    staticDir: env.STATIC_DIR ?? REPO_ROOT,
    partnerHosts: (env.PARTNER_HOSTS ?? []).map((host) => host.toLowerCase()),
    remotesJson: env.REMOTES_JSON,
    allowedOrigins: env.ALLOWED_ORIGINS ?? [],
    publicUrl: env.PUBLIC_URL && new URL(env.PUBLIC_URL).origin,
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitMax: env.RATE_LIMIT_MAX ?? 1000,
    loginRateLimitMax: env.LOGIN_RATE_LIMIT_MAX ?? 5,
    unitPacks: env.UNIT_PACKS ?? DEFAULT_UNIT_PACKS,
    sidexaUrl: env.SIDEXA_URL,
    sidexaApiKey: env.SIDEXA_API_KEY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    mailPollMs: env.MAIL_POLL_MS ?? DEFAULT_MAIL_POLL_MS,
    insurerReminders: true,
    outboxLoops: true,
    sms: smsConfig(env),
    smsInboundToken: env.SMS_INBOUND_TOKEN,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES ?? DEFAULT_SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS ?? DEFAULT_SESSION_ABSOLUTE_HOURS,
    trustProxy: env.TRUST_PROXY ?? false,
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS ?? 25,
    shedding: shedding(env),
    ledgerAnchors: ledgerAnchors(env, dataDir),
  };
}

/** The configuration of a process entry: a setting the operator must change ends it with its French message alone. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
