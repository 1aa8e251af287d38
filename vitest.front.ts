import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The one vitest set-up for the front-end apps: jsdom plus the browser shims antd needs (owned by shared-ui). */
export const frontTestConfig = () =>
  defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: [path.resolve(import.meta.dirname, 'shared-ui/src/test/setup.ts')],
      include: ['src/**/*.test.{ts,tsx}'],
      maxWorkers: 2,
      css: false,
      testTimeout: 15_000,
    },
  });
