import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../../src/api-root';
import { createDatabase } from '../../src/db';
import { adminQuery } from '../../src/db/admin-query';
import { companies, users } from '../../src/db/schema';
import { waitUntilUnused } from '../global-setup';
import { listeningOrigin, type RealServer, startServer } from './real-server';

/*
 * on the real processes and a database of their own (an empty PostgreSQL database, or an
 * empty embedded one on disk): the product started without DEMO_SEED plants no account; demo accounts or test routes
 * behind HTTPS stop the start; `pnpm admin:create` makes exactly one account, whose one-time link sets its password;
 * DEMO_SEED=1 then refuses to plant the demo beside that real garage.
 */

const serverUrl = process.env.DATABASE_URL;
let dir: string;
let databaseEnv: NodeJS.ProcessEnv;
let dropDatabase = async () => {};

/** Runs a command of the API folder to its end: its exit code and everything it printed. */
function runCommand(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: API_ROOT,
      env: { ...process.env, DEMO_SEED: '', ENABLE_TEST_ROUTES: '', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Row counts read while no server holds the database (an embedded one opens in one process at a time). */
async function counts(): Promise<{ users: number; companies: number }> {
  const handle = await createDatabase({
    databaseUrl: databaseEnv.DATABASE_URL || undefined,
    dataDir: databaseEnv.DATA_DIR as string,
  });
  try {
    const count = sql<number>`count(*)::int`;
    const [people] = await handle.db.select({ count }).from(users);
    const [garages] = await handle.db.select({ count }).from(companies);
    return { users: people?.count ?? -1, companies: garages?.count ?? -1 };
  } finally {
    await handle.close();
  }
}

async function stop(server: RealServer): Promise<void> {
  server.process.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'first-start-'));
  databaseEnv = { DATA_DIR: join(dir, 'pglite') };
  if (serverUrl) {
    const name = `first_start_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseEnv.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await waitUntilUnused(serverUrl, name);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
});

afterAll(async () => {
  await dropDatabase();
  await rm(dir, { recursive: true, force: true });
});

describe('a real deployment’s first start', () => {
  it('refuses demo accounts or test routes behind HTTPS, naming the setting, unless the operator asks for them', async () => {
    const demo = await runCommand(['src/server.ts'], { ...databaseEnv, COOKIE_SECURE: 'true', DEMO_SEED: '1' });
    expect(demo.code).toBe(1);
    expect(demo.output).toContain('Démarrage refusé : DEMO_SEED=1 derrière HTTPS (COOKIE_SECURE=true)');
    expect(demo.output).toContain('ALLOW_DEMO_ON_HTTPS=1');
    const tests = await runCommand(['test-support/server.ts'], {
      ...databaseEnv,
      COOKIE_SECURE: 'true',
      ENABLE_TEST_ROUTES: '1',
    });
    expect(tests.code).toBe(1);
    expect(tests.output).toContain('ENABLE_TEST_ROUTES=1 derrière HTTPS');
    // The test routes' own entry does not start without the setting either.
    const unasked = await runCommand(['test-support/server.ts'], databaseEnv);
    expect(unasked.code).toBe(1);
    expect(unasked.output).toContain('ne démarre qu’avec ENABLE_TEST_ROUTES=1');
  });

  it('on an empty database without DEMO_SEED: migrated, served, and not one account or company', async () => {
    const server = await startServer({ ...databaseEnv, COOKIE_SECURE: 'true' }, 'product');
    const origin = listeningOrigin(server);
    const login = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'superadmin@demo.garage.fr', password: 'Garage2026!' }),
    });
    expect(login.status).toBe(401);
    await stop(server);
    expect(await counts()).toEqual({ users: 0, companies: 0 });
  });

  it('pnpm admin:create makes exactly one account, refuses a second of the same address, and its link works once', async () => {
    const args = ['scripts/admin-create.ts', '--email', 'Chef@Reseau-Essai.fr', '--network', 'Réseau Essai'];
    const created = await runCommand(args, databaseEnv);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('Administrateur créé : chef@reseau-essai.fr');
    const link = /http:\/\/localhost:\d+\/activate\/([\w-]+)/.exec(created.output);
    expect(link).not.toBeNull();
    const again = await runCommand(args, databaseEnv);
    expect(again.code).toBe(1);
    expect(again.output).toContain('Un compte existe déjà avec cette adresse e-mail.');
    const invalid = await runCommand(['scripts/admin-create.ts', '--email', 'pas-une-adresse'], databaseEnv);
    expect(invalid.code).toBe(1);
    expect(invalid.output).toContain('Adresse e-mail invalide (--email)');
    expect(await counts()).toEqual({ users: 1, companies: 1 });

    // DEMO_SEED=1 now meets a real garage: the demo is refused, its accounts never appear.
    const server = await startServer({ ...databaseEnv, DEMO_SEED: '1' }, 'product');
    try {
      expect(server.logs.some((line) => line.msg?.startsWith('DEMO_SEED=1 ignoré'))).toBe(true);
      const origin = listeningOrigin(server);
      const token = link?.[1] as string;
      const info = await fetch(`${origin}/api/activation/${token}`);
      expect(info.status).toBe(200);
      expect(await info.json()).toMatchObject({ email: 'chef@reseau-essai.fr', setsPassword: true });
      const activate = (body: unknown) =>
        fetch(`${origin}/api/activation/${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      // Before the link is used, no password opens the account.
      const early = await fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'chef@reseau-essai.fr', password: 'Premier-Mot-2026' }),
      });
      expect(early.status).toBe(401);
      expect((await activate({ password: 'Premier-Mot-2026', confirmation: 'Premier-Mot-2026' })).status).toBe(204);
      expect((await activate({ password: 'Autre-Mot-2026', confirmation: 'Autre-Mot-2026' })).status).toBe(410);
      const login = await fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'chef@reseau-essai.fr', password: 'Premier-Mot-2026' }),
      });
      // The password opens the way to the second factor: a super admin's garage requires one by default, so the
      // first sign-in enrols it before any session exists.
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ step: 'enrol' });
      expect(login.headers.get('set-cookie') ?? '').not.toContain('garage_session=');
    } finally {
      await stop(server);
    }
    expect(await counts()).toEqual({ users: 1, companies: 1 });
  });
});
