import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEFAULT_UNIT_PACKS, DEMO_PASSWORD, SESSION_COOKIE } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db';
import { adminQuery } from '../src/db/admin-query';
import { companies } from '../src/db/schema';
import type { DemoSink } from '../src/modules/demo-sink/sink';
import { TEST_MODULES } from '../test-support/modules';
import { waitUntilUnused } from './global-setup';

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  /** Runs before `ready()`: register test-only routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * Another API instance on the same database: on PostgreSQL it opens its own
   * pool and LISTEN connection, like a second server would. PGlite lives in one
   * process, so there the instance shares the database but keeps its own hub.
   */
  separateInstance?: boolean;
  /** Registers the test-only routes (`test-support/modules.ts`), which the product's build does not contain. */
  testRoutes?: boolean;
  /** Log lines (JSON) go there, at `config.logLevel`, instead of nowhere. */
  logStream?: { write(line: string): void };
  /** The demonstration's sink, as a demo start gives it (modules/demo-sink). */
  demoSink?: DemoSink;
}

/** A migrated, seeded database shared by every app of one test file (PGlite creation costs ~2.4 s). */
interface SharedDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL only: the per-file database, for separate instances. */
  url?: string;
  drop: () => Promise<void>;
}
let shared: Promise<SharedDatabase> | undefined;
let users = 0;

async function openDatabase(): Promise<SharedDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const snapshot = inject('pgliteSnapshot');
    if (!snapshot) throw new Error('test/global-setup.ts n’a pas préparé la base PGlite des tests');
    const loadDataDir = new Blob([await readFile(snapshot)]);
    const handle = await createDatabase({ databaseUrl: undefined, dataDir: 'memory://', loadDataDir });
    return { handle, drop: () => handle.close() };
  }
  // PostgreSQL: a fresh copy of the seeded template per test file, so files can run in parallel.
  const template = inject('pgTemplate');
  if (!template) throw new Error('test/global-setup.ts n’a pas préparé la base PostgreSQL modèle des tests');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await waitUntilUnused(serverUrl, name);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  port: 0,
  databaseUrl: process.env.DATABASE_URL,
  dataDir: 'memory://',
  sessionSecret: randomBytes(32).toString('hex'),
  cookieSecure: false,
  apiDocsPublic: true,
  staticDir: '/nonexistent',
  partnerHosts: ['partenaire.example.fr'],
  remotesJson: undefined,
  allowedOrigins: [],
  logLevel: 'silent',
  rateLimitMax: 1000,
  loginRateLimitMax: 5,
  unitPacks: DEFAULT_UNIT_PACKS,
  sidexaUrl: undefined,
  sidexaApiKey: undefined,
  // Two test files share two cores: a busy moment must not turn a test's request into a 503 (shedding has its own test).
  shedding: false,
  ...overrides,
});

/** The real app on a real database (memory PGlite, or PostgreSQL when DATABASE_URL is set), seeded. */
export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  shared ??= openDatabase();
  const { handle: sharedHandle, url, drop } = await shared;
  const own =
    options.separateInstance && url ? await createDatabase({ databaseUrl: url, dataDir: 'memory://' }) : undefined;
  const handle = own ?? sharedHandle;
  users += 1;
  const app = await buildApp({
    db: handle.db,
    pubsub: handle.pubsub,
    config: testConfig(options.config),
    logger: false,
    logStream: options.logStream,
    extraModules: options.testRoutes ? TEST_MODULES : [],
    demoSink: options.demoSink,
  });
  app.addHook('onClose', async () => {
    await own?.close();
    users -= 1;
    if (users === 0) {
      shared = undefined;
      await drop();
    }
  });
  await options.beforeReady?.(app);
  await app.ready();
  return app;
}

/** A distinct client address per login, so the strict login rate limit never trips other tests. */
export const randomIp = (): string => `10.${randomBytes(3).join('.')}`;

export async function loginResponse(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: randomIp() });
}

/** Logs in and answers the `cookie` header value carrying the session. */
export async function login(app: FastifyInstance, email: string): Promise<string> {
  const response = await loginResponse(app, email);
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** The display token of a login or refresh answer. */
export const tokenOf = (response: { json: () => unknown }): string => (response.json() as { token: string }).token;

/** A FormData as app.inject wants it: the multipart bytes and their content-type (with the boundary). */
export async function multipart(fields: Record<string, string | Blob>, fileName = 'document.pdf') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** The database's refusal of a statement (its message, through Drizzle's wrapping), or undefined when it passed. */
export async function databaseRefusal(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
}

/** A company's units balance, read from the database. */
export async function unitBalance(app: FastifyInstance, companyId: number): Promise<number> {
  const [row] = await app.db.select({ jeton: companies.jeton }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new Error(`no company ${companyId}`);
  return row.jeton;
}

/**
 * A garage of the test's own (test-only route; the app needs `testRoutes: true`) with every mention an invoice needs,
 * and its admin's session: what a test changes there never reaches the demo garages other tests read.
 */
export async function ownTestGarage(app: FastifyInstance, jeton = 0) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/test/garage',
    payload: { email: 'poseur.admin@demo.garage.fr', jeton },
  });
  if (created.statusCode !== 201) throw new Error(`test garage: ${created.statusCode} ${created.body}`);
  const { email, companyId } = created.json() as { email: string; companyId: number };
  return { email, companyId, cookie: await login(app, email) };
}
