import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db';
import { adminQuery } from '../src/db/admin-query';
import { seedDemo } from '../src/demo/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated, seeded data directory as a tarball on disk. */
    pgliteSnapshot?: string;
    /** PostgreSQL: the migrated, seeded database every test file's database is copied from. */
    pgTemplate?: string;
  }
}

/**
 * Migrates and seeds the demo once for the whole run; each test file then starts from a copy (PGlite: a data-dir
 * tarball, PostgreSQL: `CREATE DATABASE … TEMPLATE`). Migrating and seeding cost ~8 s per file on this machine.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await createDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
    await seedDemo(handle.db);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const snapshot = await client.dumpDataDir('none');
    await handle.close();
    const dir = await mkdtemp(join(tmpdir(), 'api-tests-'));
    const file = join(dir, 'seeded.tar');
    await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    return () => rm(dir, { recursive: true, force: true });
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  await seedDemo(handle.db);
  await handle.close();
  await waitUntilUnused(serverUrl, name);
  project.provide('pgTemplate', name);
  return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * pool.end() resolves before every socket has closed, and PostgreSQL refuses to copy or to drop a database someone is
 * still connected to: wait for the last client to leave.
 */
export async function waitUntilUnused(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}
