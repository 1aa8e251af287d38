import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../api-root';
import { lockDataDir } from './data-dir-lock';
import { type PubSub, pglitePubSub, postgresPubSub } from './pubsub';
import * as schema from './schema';

export type { PubSub } from './pubsub';
export { schema };

/** One query layer for both drivers: every repository takes this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback receives: what every multi-statement write runs in. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  /** PostgreSQL LISTEN/NOTIFY (or PGlite's equivalent) for cross-instance fan-out. */
  pubsub: PubSub;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** PGlite directory or `memory://`. */
  dataDir: string;
  /**
   * PGlite only: start from a `dumpDataDir` tarball instead of an empty cluster (the API tests open one migrated,
   * seeded snapshot per file: ~2 s instead of ~8 s to migrate and seed).
   */
  loadDataDir?: Blob;
}

export const MIGRATIONS_DIR = join(API_ROOT, 'drizzle');

/** Opens the database for the active driver and applies pending migrations. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closed (a restart, a failover) is dropped from the pool and replaced on the
    // next query; unheard, its 'error' event would end the process. One JSON line, as the logger writes them.
    pool.on('error', (error) => {
      console.warn(
        JSON.stringify({ level: 40, time: Date.now(), msg: 'idle database connection lost', err: error.message }),
      );
    });
    // A connection lost while checked out (between two queries of a transaction) emits 'error' on its client, which
    // the pool does not hear: unheard, it ended the process (a PostgreSQL restart under load did). Heard here, the
    // transaction's next query fails and answers 503 like any query made while the database is down.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        console.warn(
          JSON.stringify({ level: 40, time: Date.now(), msg: 'database connection lost in use', err: error.message }),
        );
      });
    });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    const pubsub = postgresPubSub(pool, options.databaseUrl);
    return {
      db,
      pubsub,
      driver: 'postgres',
      close: async () => {
        await pubsub.close();
        await pool.end();
      },
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(options.dataDir);
  // pg_trgm and unaccent: the searches' trigram indexes and accent folding (PostgreSQL has both in its contrib).
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm, unaccent },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  const pubsub = pglitePubSub(client);
  return {
    db,
    pubsub,
    driver: 'pglite',
    close: async () => {
      await pubsub.close();
      await client.close();
      unlock();
    },
  };
}
