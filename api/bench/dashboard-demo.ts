/**
 * The dashboard of the largest demo company: the demo seed (what `pnpm start` shows) in a fresh database, then
 * every widget of the home page at once, timed like the page asks for them (p50, p95 over BENCH_ITERATIONS
 * calls, target p95 < 100 ms). PGlite by default (the product's default driver); PostgreSQL with DATABASE_URL.
 * Times are printed, never asserted.
 *
 *   pnpm bench:dashboard   [BENCH_ITERATIONS=100 DATABASE_URL=postgres://...]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/demo/seed';
import { everyWidget } from './dashboard-widgets';
import { openDatabase, percentile, rowsOf, seconds } from './harness';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

async function main() {
  const started = performance.now();
  const opened = await openDatabase(driver, 'dashboard');
  try {
    const db = opened.handle.db;
    await seedDemo(db);
    const [largest] = rowsOf<{ id: number; name: string; folders: number }>(
      await db.execute(sql`select c.id, c.name, count(f.id)::int as folders from companies c
        join folders f on f.company_id = c.id group by c.id, c.name order by folders desc limit 1`),
    );
    if (!largest) throw new Error('the demo seed made no folder');
    console.log(
      `${driver}: demo seeded in ${seconds(started)}; largest company ${largest.name} (${largest.folders} folders)`,
    );
    for (let i = 0; i < 10; i += 1) await everyWidget(db, [largest.id]);
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i += 1) {
      const at = performance.now();
      await everyWidget(db, [largest.id]);
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `dashboard of ${largest.name}, every widget: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(${ITERATIONS} calls; target p95 < 100 ms: ${p95 < 100 ? 'OK' : 'OVER'})`,
    );
  } finally {
    await opened.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
