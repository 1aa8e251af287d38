import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Two cores on this machine: one worker per core, no more.
    maxWorkers: 2,
    css: false,
    testTimeout: 15_000,
  },
});
