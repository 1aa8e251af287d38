/**
 * What the database benchmarks (`bench:folders`, `bench:products`) share: a fresh database per driver, the
 * percentile and formatting helpers, and the EXPLAIN ANALYZE of the statements one call sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
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
