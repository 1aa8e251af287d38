import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './index';

/*
 * Backups of the embedded database (docs/decisions.md « Sauvegardes »): PGlite's own data-directory archive
 * (`dumpDataDir`, a gzipped tar), taken by the process that holds the directory, between two transactions, after a
 * checkpoint. PostgreSQL servers are backed up with pg_dump (README, « Exploitation »).
 */

/** The PGlite client under Drizzle, or undefined on PostgreSQL. */
export function pgliteOf(db: Database): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as PGlite).dumpDataDir === 'function' ? (client as PGlite) : undefined;
}

/**
 * A consistent archive of the whole database while it serves. The checkpoint writes every committed page to the
 * files, so the archive needs no recovery to open; the dump runs inside a transaction of its own, because PGlite
 * lets one transaction at a time hold its only connection: a transaction in flight finishes first, and none starts
 * until the copy is done (a few hundred milliseconds for the demo; requests wait, none fails).
 */
export async function dumpDatabase(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client.transaction(() => client.dumpDataDir('gzip'));
}

/** Row counts of the tables a restore is checked with (and a backup reports): what a garage would miss first. */
export const CHECKED_TABLES = [
  'companies',
  'users',
  'folders',
  'billing_documents',
  'payments',
  'ledger_links',
  'products',
  'notifications',
] as const;

export async function countRows(client: PGlite): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CHECKED_TABLES) {
    const { rows } = await client.query<{ count: number }>(`select count(*)::int as count from ${table}`);
    counts[table] = rows[0]?.count ?? 0;
  }
  return counts;
}
