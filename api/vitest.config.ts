import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server (connections to lose, pg_stat_activity): the `test:pg` run has one.
    // *.embedded.test.ts are about the embedded database alone (its backup, a real server on its data directory):
    // they start PGlite whatever the driver, so the PostgreSQL run would only repeat them.
    exclude: process.env.DATABASE_URL
      ? ['**/node_modules/**', '**/*.embedded.test.ts']
      : ['**/node_modules/**', '**/*.pg.test.ts'],
    // PGlite start-up and scrypt are CPU-bound: two workers match the two cores.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
    // One module graph per worker, not one per file: importing the whole app cost ~2.5 s per file. Safe because
    // every file builds its own app (createTestApp) and puts back what it changes in process.env.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
