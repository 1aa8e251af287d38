import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Two cores on this machine: one worker per core, no more.
    maxWorkers: 2,
    // antd + pro-components cost seconds to import; files share one module graph per worker instead of
    // re-importing it for each file (state that matters is reset in the setup file and in each test).
    isolate: false,
    css: false,
    // Other packages build on the same 2 cores: a cold antd render can take seconds under load.
    testTimeout: 30_000,
  },
});
