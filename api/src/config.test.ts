import { join } from 'node:path';
import { DEFAULT_UNIT_PACKS } from 'contracts';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './api-root';
import { DEFAULT_MAIL_FROM, loadConfig } from './config';

describe('demo accounts and test routes behind HTTPS', () => {
  const base = { DATA_DIR: 'memory://' };

  it('refuse to start, naming each setting in French', () => {
    expect(() => loadConfig({ ...base, COOKIE_SECURE: 'true', DEMO_SEED: '1' })).toThrow(
      /^Démarrage refusé : DEMO_SEED=1 derrière HTTPS \(COOKIE_SECURE=true\)/,
    );
    expect(() => loadConfig({ ...base, COOKIE_SECURE: 'true', DEMO_SEED: '1', ENABLE_TEST_ROUTES: '1' })).toThrow(
      'DEMO_SEED=1 et ENABLE_TEST_ROUTES=1 derrière HTTPS',
    );
  });

  it('start when the operator says it is a public demo, or over plain http, or without them', () => {
    const publicDemo = loadConfig({ ...base, COOKIE_SECURE: 'true', DEMO_SEED: '1', ALLOW_DEMO_ON_HTTPS: '1' });
    expect(publicDemo).toMatchObject({ demoSeed: true, cookieSecure: true });
    expect(loadConfig({ ...base, DEMO_SEED: '1', ENABLE_TEST_ROUTES: '1' })).toMatchObject({
      demoSeed: true,
      testRoutes: true,
    });
    expect(loadConfig({ ...base, COOKIE_SECURE: 'true' })).toMatchObject({ demoSeed: false, testRoutes: false });
  });
});

describe('defaults (what the hand-written parsing answered before the schema, field by field)', () => {
  it('an environment naming only a memory data directory', () => {
    const { sessionSecret, secretsKey, ...config } = loadConfig({ DATA_DIR: 'memory://' });
    expect(sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(secretsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(secretsKey).not.toBe(sessionSecret);
    expect(config).toEqual({
      demoSeed: false,
      testRoutes: false,
      allowDemoOnHttps: false,
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: 'memory://',
      cookieSecure: false,
      apiDocsPublic: true,
      staticDir: REPO_ROOT,
      partnerHosts: [],
      remotesJson: undefined,
      allowedOrigins: [],
      publicUrl: undefined,
      logLevel: 'info',
      rateLimitMax: 1000,
      loginRateLimitMax: 5,
      unitPacks: DEFAULT_UNIT_PACKS,
      sidexaUrl: undefined,
      sidexaApiKey: undefined,
      smtpUrl: undefined,
      mailFrom: DEFAULT_MAIL_FROM,
      mailPollMs: 5000,
      insurerReminders: true,
      outboxLoops: true,
      sms: undefined,
      smsInboundToken: undefined,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 12,
      trustProxy: false,
      metricsToken: undefined,
      shutdownTimeoutSeconds: 25,
      shedding: { maxEventLoopDelayMs: 1000, maxPoolWaiting: 40 },
      ledgerAnchors: { keyPem: undefined, keyFile: undefined, headsFile: undefined },
    });
  });

  it('the data directory by default, and the values each variable turns into', () => {
    expect(loadConfig({ SESSION_SECRET: 's' }).dataDir).toBe(join(REPO_ROOT, '.data', 'pglite'));
    const config = loadConfig({
      DATA_DIR: '/srv/garage/pglite',
      SESSION_SECRET: 'secret-de-session',
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://garage:mdp@db:5432/garage',
      COOKIE_SECURE: 'true',
      API_DOCS: 'public',
      STATIC_DIR: '/srv/garage/www',
      PARTNER_HOSTS: 'Partenaire.example.fr, autre.example.fr',
      REMOTES_JSON: '/srv/garage/remotes.json',
      ALLOWED_ORIGINS: 'http://localhost:5173,http://localhost:5174',
      PUBLIC_URL: 'https://garage.example.fr/',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '200',
      LOGIN_RATE_LIMIT_MAX: '3',
      UNIT_PACKS: '[{"id":"p10","label":"10 unités","units":10,"preTaxPrice":1000}]',
      SIDEXA_URL: 'https://sidexa.example.fr/api',
      SIDEXA_API_KEY: 'cle-sidexa',
      SMS_API_KEY: 'cle-sms',
      SMS_API_URL: 'http://127.0.0.1:9999/v3/',
      SMS_SENDER: 'MONGARAGE',
      SMS_INBOUND_TOKEN: 'jeton-sms',
      TRUST_PROXY: '127.0.0.1,10.0.0.0/8',
      METRICS_TOKEN: 'jeton-metriques',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
      SHED_EVENT_LOOP_DELAY_MS: '500',
      SHED_POOL_WAITING: '10',
      ARCHIVE_SIGNING_KEY: 'PEM',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://garage:mdp@db:5432/garage',
      sessionSecret: 'secret-de-session',
      cookieSecure: true,
      apiDocsPublic: true,
      staticDir: '/srv/garage/www',
      partnerHosts: ['partenaire.example.fr', 'autre.example.fr'],
      remotesJson: '/srv/garage/remotes.json',
      allowedOrigins: ['http://localhost:5173', 'http://localhost:5174'],
      publicUrl: 'https://garage.example.fr',
      logLevel: 'warn',
      rateLimitMax: 200,
      loginRateLimitMax: 3,
      unitPacks: [{ id: 'p10', label: '10 unités', units: 10, preTaxPrice: 1000 }],
      sidexaUrl: 'https://sidexa.example.fr/api',
      sidexaApiKey: 'cle-sidexa',
      sms: { apiKey: 'cle-sms', apiUrl: 'http://127.0.0.1:9999/v3', sender: 'MONGARAGE' },
      smsInboundToken: 'jeton-sms',
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      metricsToken: 'jeton-metriques',
      shutdownTimeoutSeconds: 5,
      shedding: { maxEventLoopDelayMs: 500, maxPoolWaiting: 10 },
      ledgerAnchors: {
        keyPem: 'PEM',
        keyFile: '/srv/garage/archive-signing-key.pem',
        headsFile: '/srv/garage/ledger-heads.jsonl',
      },
    });
    expect(loadConfig({ DATA_DIR: 'memory://', LOAD_SHEDDING: 'off', TRUST_PROXY: 'true' })).toMatchObject({
      shedding: false,
      trustProxy: true,
    });
  });
});

describe('a wrong variable stops the start, in French, naming it and what it expects', () => {
  const refusal = (vars: Record<string, string>): string => {
    try {
      loadConfig({ DATA_DIR: 'memory://', ...vars });
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it.each([
    ['PORT', 'abc', 'PORT doit être un entier entre 0 et 65535 (reçu : abc)'],
    ['PORT', '70000', 'PORT doit être un entier entre 0 et 65535 (reçu : 70000)'],
    ['RATE_LIMIT_MAX', '-3', 'RATE_LIMIT_MAX doit être un entier positif (1 ou plus) (reçu : -3)'],
    ['LOGIN_RATE_LIMIT_MAX', '2.5', 'LOGIN_RATE_LIMIT_MAX doit être un entier positif (1 ou plus) (reçu : 2.5)'],
    ['SHED_POOL_WAITING', '0', 'SHED_POOL_WAITING doit être un entier positif (1 ou plus) (reçu : 0)'],
    ['COOKIE_SECURE', 'yes', 'COOKIE_SECURE doit valoir true, false, 1 ou 0 (reçu : yes)'],
    ['DEMO_SEED', 'oui', 'DEMO_SEED doit valoir true, false, 1 ou 0 (reçu : oui)'],
    ['API_DOCS', 'open', 'API_DOCS doit valoir public ou private (reçu : open)'],
    ['LOAD_SHEDDING', 'disabled', 'LOAD_SHEDDING doit valoir on ou off (reçu : disabled)'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL doit valoir fatal ou error ou warn ou info ou debug ou trace ou silent'],
    ['PUBLIC_URL', 'garage.example.fr', 'PUBLIC_URL doit être une adresse http:// ou https://'],
    ['SIDEXA_URL', 'ftp://sidexa.example.fr', 'SIDEXA_URL doit être une adresse http:// ou https://'],
    ['SMS_API_URL', 'api.brevo.com', 'SMS_API_URL doit être une adresse http:// ou https://'],
    ['SMS_SENDER', '0612', 'SMS_SENDER doit compter 3 à 11 lettres ou chiffres, dont une lettre (reçu : 0612)'],
    ['UNIT_PACKS', '[{"id":', 'UNIT_PACKS doit être un tableau JSON de packs {id, label, units, preTaxPrice}'],
    ['UNIT_PACKS', '[{"id":"p","label":"P","units":10,"preTaxPrice":-1}]', 'erreur en 0.preTaxPrice'],
    ['TRUST_PROXY', '127.0.0.1,proxy.local', 'TRUST_PROXY doit être une liste, séparée par des virgules'],
    ['ALLOWED_ORIGINS', 'localhost:5173', '(« localhost:5173 » n’en est pas)'],
    ['PARTNER_HOSTS', 'https://partenaire.example.fr', 'PARTNER_HOSTS doit être une liste'],
    ['MAIL_FROM', 'Garage', 'MAIL_FROM doit être un expéditeur avec son adresse'],
    ['HOST', 'http://0.0.0.0', 'HOST doit être une adresse IP ou un nom d’hôte'],
  ])('%s=%s', (name, value, message) => {
    const text = refusal({ [name]: value });
    expect(text).toMatch(/^Démarrage refusé : configuration invalide\./);
    expect(text).toContain(message);
  });

  it('reports every wrong variable at once, one line each', () => {
    const lines = refusal({ PORT: 'abc', MAIL_POLL_MS: 'vite', API_DOCS: 'oui', SMTP_URL: 'http://x' }).split('\n');
    expect(lines.slice(1)).toEqual([
      '- PORT doit être un entier entre 0 et 65535 (reçu : abc)',
      '- API_DOCS doit valoir public ou private (reçu : oui)',
      '- SMTP_URL doit être une adresse smtp:// ou smtps:// (par exemple smtp://utilisateur:motdepasse@hote:587)',
      '- MAIL_POLL_MS doit être un entier positif (1 ou plus) (reçu : vite)',
    ]);
  });

  it('never repeats a secret’s value', () => {
    const text = refusal({
      SMTP_URL: 'https://u:topsecret1@mail.example.fr',
      DATABASE_URL: 'mysql://u:topsecret2@db/garage',
      TRUST_PROXY: 'topsecret-not-a-proxy',
    });
    expect(text).toContain('SMTP_URL doit être une adresse smtp://');
    expect(text).toContain('DATABASE_URL doit être une adresse postgres:// ou postgresql://');
    expect(text).not.toMatch(/topsecret1|topsecret2/);
    expect(text).toContain('(reçu : topsecret-not-a-proxy)');
  });

  it('takes a blank variable for an absent one, and both spellings of a flag', () => {
    expect(loadConfig({ DATA_DIR: 'memory://', PORT: '', DEMO_SEED: ' ', LOG_LEVEL: '' })).toMatchObject({
      port: 4000,
      demoSeed: false,
      logLevel: 'info',
    });
    expect(
      loadConfig({ DATA_DIR: 'memory://', COOKIE_SECURE: '1', DEMO_SEED: 'true', ALLOW_DEMO_ON_HTTPS: 'true' }),
    ).toMatchObject({ cookieSecure: true, demoSeed: true, apiDocsPublic: false });
    // Numbers and flags are trimmed (as `Number` did); a secret is kept exactly as typed.
    expect(loadConfig({ DATA_DIR: 'memory://', PORT: ' 3000 ', SESSION_SECRET: ' s3cret ' })).toMatchObject({
      port: 3000,
      sessionSecret: ' s3cret ',
    });
    // A flag spelled `true` is refused behind HTTPS exactly like `1`.
    expect(refusal({ COOKIE_SECURE: 'true', DEMO_SEED: 'true' })).toMatch(/^Démarrage refusé : DEMO_SEED=1 derrière/);
  });
});
