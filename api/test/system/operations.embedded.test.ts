import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackup, runRestore } from '../../src/db/backup-command';
import { controlFileOf } from '../../src/db/backup-control';
import { originOf, type RealServer, seededDataDir, signIn, startServer, waitFor } from './real-server';

/*
 * Operations, on the real server process (`tsx src/server.ts`) over an embedded database on disk:
 * `pnpm backup` while it serves, SIGTERM during a slow request with an event stream open (the request and its
 * transaction finish, the stream ends, the process exits 0), then `pnpm restore` into a fresh directory holding
 * every record of the backup. PGlite only by construction (the embedded database's backup), in the PGlite run (the PostgreSQL run leaves *.embedded.test.ts out).
 */

const TABLES = [
  'companies',
  'users',
  'memberships',
  'folders',
  'billing_documents',
  'billing_document_lines',
  'payments',
  'ledger_links',
  'products',
];

let dir: string;
let dataDir: string;
let server: RealServer;

/** Every row of a table as one digest, in a stable order, and its count. */
async function digest(target: string): Promise<Record<string, { count: number; md5: string }>> {
  const client = await PGlite.create(target, { extensions: { pg_trgm, unaccent } });
  try {
    const result: Record<string, { count: number; md5: string }> = {};
    for (const table of TABLES) {
      const { rows } = await client.query<{ count: number; md5: string }>(
        `select count(*)::int as count, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5 from ${table} t`,
      );
      result[table] = rows[0] ?? { count: -1, md5: '' };
    }
    return result;
  } finally {
    await client.close();
  }
}

async function markerRows(target: string, marker: string): Promise<number> {
  const client = await PGlite.create(target, { extensions: { pg_trgm, unaccent } });
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from outbox where "to" = $1', [
      marker,
    ]);
    return rows[0]?.n ?? -1;
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'api-operations-'));
  dataDir = join(dir, 'pglite');
  await seededDataDir(dataDir);
  server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: join(dir, 'static'), SHUTDOWN_TIMEOUT_SECONDS: '60' });
  // The yearly archives are written in the background once the server serves: the backup below is compared with
  // the data after the shutdown, so nothing but the test's own write may land in between.
  await waitFor('the start’s archives', () => server.logs.find((line) => line.msg === 'after-closing work done'));
}, 240_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('the real server', () => {
  let origin: string;
  let cookie: string;
  const backupFile = () => join(dir, 'sauvegarde.tar.gz');
  const printed: string[] = [];
  const print = (line: string) => printed.push(line);

  it('takes a backup while it serves, through its control file, verified by opening it', async () => {
    origin = await originOf(dataDir);
    cookie = await signIn(origin, 'poseur.admin@demo.garage.fr');

    // Without the token, the route is an unknown address.
    expect((await fetch(`${origin}/api/system/backup`)).status).toBe(404);
    expect((await fetch(`${origin}/api/system/backup`, { headers: { 'x-backup-token': 'devine' } })).status).toBe(404);

    const code = await runBackup(['sauvegarde.tar.gz'], dir, print, { DATA_DIR: dataDir, SESSION_SECRET: 'x' });
    expect(code, printed.join('\n')).toBe(0);
    expect(printed.join('\n')).toContain('Sauvegarde prise par le serveur en marche');
    expect(printed.join('\n')).toMatch(/folders [1-9]\d*/);
    expect(existsSync(backupFile())).toBe(true);
  }, 120_000);

  it('on SIGTERM: ends the event stream, finishes the request in flight and its transaction, exits 0', async () => {
    const stream = await fetch(`${origin}/api/notifications/stream`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream body');
    let seen = '';
    while (!seen.includes('event: ready')) seen += new TextDecoder().decode((await reader.read()).value);

    const marker = `arret-${randomBytes(4).toString('hex')}`;
    const slow = fetch(`${origin}/api/test/slow-write`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: marker, ms: 3000 }),
    });
    // The request is in its transaction (the row written, not yet committed) when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const signalled = Date.now();
    server.process.kill('SIGTERM');

    // The stream ends at once (browsers reconnect elsewhere), long before the slow request is done.
    let ended = false;
    while (!ended) ended = (await reader.read()).done;
    expect(Date.now() - signalled).toBeLessThan(2500);

    const answer = await slow;
    expect(answer.status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.logs.some((line) => line.msg === 'closed')).toBe(true);
    expect(existsSync(controlFileOf(dataDir))).toBe(false);
    // Committed before the database closed.
    expect(await markerRows(dataDir, marker)).toBe(1);

    // Restored into a fresh directory: every record of the backup, and nothing written after it.
    const restoredDir = join(dir, 'restauree');
    const code = await runRestore([backupFile()], dir, print, { DATA_DIR: restoredDir, SESSION_SECRET: 'x' });
    expect(code, printed.join('\n')).toBe(0);
    const [source, restored] = [await digest(dataDir), await digest(restoredDir)];
    expect(restored).toEqual(source);
    for (const table of ['folders', 'billing_documents', 'payments', 'ledger_links']) {
      expect(restored[table]?.count, table).toBeGreaterThan(0);
    }
    expect(await markerRows(restoredDir, marker)).toBe(0);
  }, 180_000);

  it('backs up a stopped server directly, and restores over an existing directory keeping it aside', async () => {
    const code = await runBackup(['arretee.tar.gz'], dir, print, { DATA_DIR: dataDir, SESSION_SECRET: 'x' });
    expect(code, printed.join('\n')).toBe(0);
    expect(printed.join('\n')).toContain('Serveur arrêté');
    const again = await runRestore(['arretee.tar.gz'], dir, print, {
      DATA_DIR: join(dir, 'restauree'),
      SESSION_SECRET: 'x',
    });
    expect(again, printed.join('\n')).toBe(0);
    expect(printed.join('\n')).toContain('Base actuelle mise de côté');
    expect(await digest(join(dir, 'restauree'))).toEqual(await digest(dataDir));
  }, 120_000);

  it('PostgreSQL is backed up with pg_dump: the commands say so and stop', async () => {
    const env = { DATABASE_URL: 'postgres://localhost/garage', SESSION_SECRET: 'x' };
    expect(await runBackup([], dir, print, env)).toBe(2);
    expect(await runRestore(['x.tar.gz'], dir, print, env)).toBe(2);
    expect(printed.at(-1)).toContain('pg_dump');
  });
});
