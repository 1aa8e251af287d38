import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import type { OpenedArchiveKey } from './archive-key';
import { INSTANCE, logEvent } from './events';

/**
 * A start-up is an event of the instance's log: when, which schema (the migrations applied), what was chained, and
 * which archive-signing key from where (a key moved out of the database, or changed, is on record).
 */
export async function logStartup(db: Database, chained: number, key?: OpenedArchiveKey) {
  const result = (await db.execute(
    sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number; last: string | null }[] };
  const [migrations] = result.rows;
  await logEvent(db, INSTANCE, 'startup', {
    node: process.version,
    migrationsApplied: migrations?.applied ?? 0,
    lastMigration: migrations?.last ?? null,
    recordsChained: chained,
    ...(key && { archiveKey: { fingerprint: key.key.fingerprint, from: key.from, movedOutOfDatabase: key.moved } }),
  });
}
