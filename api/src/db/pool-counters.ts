import type { Database } from './index';

/** A pg.Pool's counters (node-postgres); PGlite has no pool: one connection in the process. */
export interface PoolCounters {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The PostgreSQL pool under `db`, read live; undefined on PGlite. */
export function poolCountersOf(db: Database): PoolCounters | undefined {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  return typeof client === 'object' && client !== null && typeof (client as PoolCounters).totalCount === 'number'
    ? (client as PoolCounters)
    : undefined;
}
