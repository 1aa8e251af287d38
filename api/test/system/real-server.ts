import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, SESSION_COOKIE } from 'contracts';
import { inject } from 'vitest';
import { API_ROOT } from '../../src/api-root';
import { createDatabase } from '../../src/db';
import { controlFileOf } from '../../src/db/backup-control';
import { seedDemo } from '../../src/demo/seed';

/*
 * The real server process, for the tests that stop, kill or restart it: its JSON log lines kept, its exit
 * awaited, a session opened on it. By default the browser tests' entry (`test-support/server.ts`: the product plus
 * the test-only routes, demo topped up); `entry: 'product'` starts the product's own `src/server.ts` with `env` alone.
 */

/** The run's folder for what a server keeps beside its data when it has no data directory (PostgreSQL). */
const RUN_DIR = join(tmpdir(), `garage-real-servers-${process.pid}`);

export interface RealServer {
  process: ChildProcess;
  logs: { msg?: string; level?: number }[];
  exited: Promise<number | null>;
}

/** The demo, migrated and seeded, in a data directory on disk (the run's snapshot when it has one). */
export async function seededDataDir(target: string): Promise<void> {
  const snapshot = inject('pgliteSnapshot');
  const loadDataDir = snapshot ? new Blob([await readFile(snapshot)]) : undefined;
  const handle = await createDatabase({ databaseUrl: undefined, dataDir: target, loadDataDir });
  if (!snapshot) await seedDemo(handle.db);
  await handle.close();
}

export async function waitFor<T>(
  what: string,
  read: () => T | undefined | Promise<T | undefined>,
  ms = 180_000,
  logs: RealServer['logs'] = [],
): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: still waiting after ${ms} ms\n${JSON.stringify(logs.slice(-20))}`);
}

/**
 * Starts the server with `env` over the process's own (without DATABASE_URL and SMTP_URL unless `env` gives them)
 * and waits for « API prête ».
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  entry: 'test-support' | 'product' = 'test-support',
): Promise<RealServer> {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SESSION_SECRET: randomBytes(32).toString('hex'),
  };
  // The run's own settings never leak into the product's start: a test says what it starts with.
  delete merged.DEMO_SEED;
  delete merged.ENABLE_TEST_ROUTES;
  if (entry === 'test-support') Object.assign(merged, { ENABLE_TEST_ROUTES: '1', DEMO_SEED: '1' });
  delete merged.DATABASE_URL;
  delete merged.SMTP_URL;
  // The archive-signing key and the published heads sit beside the data: a server without a data directory
  // of its own (PostgreSQL) keeps them in the run's folder, shared by the instances of one database, never in the
  // repository's .data of the developer's own instance.
  if (!env.DATA_DIR) Object.assign(merged, { ARCHIVE_KEY_FILE: join(RUN_DIR, 'archive-signing-key.pem') });
  Object.assign(merged, env);
  // Node itself with tsx's loader, not the tsx wrapper: one process, so a signal (SIGKILL above all) reaches the
  // server and not a parent that would leave it running.
  const script = entry === 'product' ? 'src/server.ts' : 'test-support/server.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: API_ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: RealServer['logs'] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => logs.push({ msg: chunk.toString(), level: 50 }));
  await waitFor(
    'server ready',
    () => {
      if (child.exitCode !== null)
        throw new Error(`the server exited (${child.exitCode})\n${JSON.stringify(logs.slice(-5))}`);
      return logs.find((line) => line.msg?.startsWith('API prête'));
    },
    180_000,
    logs,
  );
  return { process: child, logs, exited };
}

/** The address of a server on an embedded database, read from the control file it writes in its data directory. */
export async function originOf(dataDir: string): Promise<string> {
  const control = JSON.parse(await readFile(controlFileOf(dataDir), 'utf8')) as { port: number };
  return `http://127.0.0.1:${control.port}`;
}

/** The address a server logged when it started listening (PORT=0 picks a free one). */
export function listeningOrigin(server: RealServer): string {
  const line = server.logs.find((entry) => entry.msg?.startsWith('Server listening at http://127.0.0.1:'));
  const match = /http:\/\/127\.0\.0\.1:\d+/.exec(line?.msg ?? '');
  if (!match) throw new Error(`no listening address in the logs\n${JSON.stringify(server.logs.slice(-10))}`);
  return match[0];
}

/** Signs a demo account in on a real server: the session cookie. */
export async function signIn(origin: string, email: string): Promise<string> {
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status}`);
  return `${SESSION_COOKIE}=${new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(login.headers.get('set-cookie') ?? '')?.[1]}`;
}
