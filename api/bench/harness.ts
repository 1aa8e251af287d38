/**
 * What the database benchmarks (`bench:folders`, `bench:products`) share: a fresh database per driver, the
 * percentile and formatting helpers, and the EXPLAIN ANALYZE of the statements one call sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database, type DatabaseHandle } from '../src/db';
import { adminQuery } from '../src/db/admin-query';

export type Driver = 'postgres' | 'pglite';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
export const int = (value: number) => value.toLocaleString('en-US');
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface Opened {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/** A fresh migrated database named `name` (PostgreSQL, from DATABASE_URL) or a PGlite one. */
export async function openDatabase(driver: Driver, name: string): Promise<Opened> {
  if (driver === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error(`PostgreSQL needs DATABASE_URL (pnpm bench:${name} starts a throw-away cluster)`);
    const admin = (statement: string) => adminQuery(url, statement);
    await admin(`drop database if exists bench_${name} with (force)`);
    await admin(`create database bench_${name}`);
    const benchUrl = new URL(url);
    benchUrl.pathname = `/bench_${name}`;
    const handle = await createDatabase({ databaseUrl: benchUrl.toString(), dataDir: 'memory://' });
    return {
      handle,
      dispose: async () => {
        await handle.close();
        await admin(`drop database if exists bench_${name} with (force)`);
      },
    };
  }
  const parent = process.env.BENCH_PGLITE_DIR;
  const dataDir = parent ? mkdtempSync(join(parent === 'tmp' ? tmpdir() : parent, `bench-${name}-`)) : 'memory://';
  const handle = await createDatabase({ databaseUrl: undefined, dataDir });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      if (parent) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface QueryClient {
  query(...args: unknown[]): Promise<unknown>;
}

/** The SQL statements (and parameters) one call sends, caught at the driver's client. */
export async function captureQueries(db: Database, run: () => Promise<unknown>) {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const hadOwn = Object.hasOwn(client, 'query');
  const original = client.query;
  const seen: { text: string; params: unknown[] }[] = [];
  client.query = function (this: QueryClient, ...args: unknown[]) {
    const [query, params] = args;
    const text = typeof query === 'string' ? query : (query as { text: string }).text;
    seen.push({ text, params: Array.isArray(params) ? params : [] });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    if (hadOwn) client.query = original;
    else delete (client as Partial<QueryClient>).query;
  }
  return seen;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement `run` sends. */
export async function explain(db: Database, run: () => Promise<unknown>): Promise<string> {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const queries = await captureQueries(db, run);
  const out: string[] = [];
  for (const query of queries) {
    const result = await client.query(`explain (analyze, buffers) ${query.text}`, query.params);
    const plan = rowsOf<Record<string, string>>(result).map((row) => row['QUERY PLAN']);
    out.push(
      `  -- ${query.text}\n  -- params: ${JSON.stringify(query.params)}\n${plan.map((l) => `  ${l}`).join('\n')}`,
    );
  }
  return out.join('\n\n');
}

/**
 * The secondary indexes of `table` (not those behind a constraint), with their definitions: a bulk fill drops them
 * and rebuilds them afterwards from these very definitions, much faster than maintaining a trigram index row by row.
 */
export async function secondaryIndexes(db: Database, table: string): Promise<{ name: string; definition: string }[]> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`table name expected: ${table}`);
  const result = await db.execute(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = ${table}::regclass
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname`);
  return rowsOf<{ name: string; definition: string }>(result);
}

export interface BulkFill {
  /** The table filled: its secondary indexes are dropped before and rebuilt after. */
  table: string;
  /** Printed before each batch's progress (the driver's name). */
  label: string;
  total: number;
  batch: number;
  /** Statements run after the fill, before VACUUM ANALYZE (a candidate index: BENCH_EXTRA_SQL). */
  extraSql: string[];
  /** The tables to VACUUM ANALYZE once filled, `table` first. */
  vacuum: string[];
  /** Inserts rows `from` to `to` (1-based, inclusive); `batch` counts from 0. */
  insertBatch(from: number, to: number, batch: number): Promise<void>;
}

/**
 * Fills `table` batch by batch without its secondary indexes, rebuilds them in one transaction, runs the extra
 * statements, VACUUM ANALYZE; prints each step and answers a one-line summary (times, rate, sizes).
 */
export async function bulkFill(db: Database, fill: BulkFill): Promise<string> {
  const everything = performance.now();
  const indexes = await secondaryIndexes(db, fill.table);
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  let started = performance.now();
  for (let from = 1, batch = 0; from <= fill.total; from += fill.batch, batch += 1) {
    const to = Math.min(fill.total, from + fill.batch - 1);
    await fill.insertBatch(from, to, batch);
    console.log(`  ${fill.label}: ${int(to)} / ${int(fill.total)} ${fill.table} (${seconds(started)})`);
  }
  const fillSeconds = (performance.now() - started) / 1000;
  const rate = int(Math.round(fill.total / fillSeconds));

  started = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  const indexSeconds = seconds(started);
  console.log(
    `  ${indexes.length} indexes rebuilt (${indexes.map((index) => index.name).join(', ')}): ${indexSeconds}`,
  );
  for (const statement of fill.extraSql) {
    started = performance.now();
    await db.execute(sql.raw(statement));
    console.log(`  extra SQL (${seconds(started)}): ${statement}`);
  }
  started = performance.now();
  await db.execute(sql.raw(`vacuum analyze ${fill.vacuum.join(', ')}`));
  const vacuumSeconds = seconds(started);
  const [size] = rowsOf<{ table: string; total: string }>(
    await db.execute(sql`select pg_size_pretty(pg_relation_size(${fill.table}::regclass)) as table,
      pg_size_pretty(pg_total_relation_size(${fill.table}::regclass)) as total`),
  );
  const summary =
    `insert ${fillSeconds.toFixed(1)} s (${rate} rows/s) + ${indexes.length} indexes ${indexSeconds}` +
    ` + vacuum analyze ${vacuumSeconds} = ${seconds(everything)}; ${fill.table} ${size?.table}, ${size?.total} with indexes` +
    (fill.extraSql.length > 0 ? `; plus BENCH_EXTRA_SQL (${fill.extraSql.length} statements)` : '');
  console.log(`  ${summary}`);
  return summary;
}
