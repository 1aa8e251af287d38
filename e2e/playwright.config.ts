import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../scripts/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const BASE_URL = 'http://127.0.0.1:3100';
/** mf_franchise is deployed on its own origin in this run: it is the remote the tests stop and restart. */
export const SEPARATE_REMOTE_PORT = 3199;

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  projects: [
    { name: 'navigateur', testIgnore: /budgets\.spec\.ts/ },
    // Cold-visit budgets run last and alone: nothing else loads the machine, and the remote-down test is
    // done with the origin of mf_franchise, which the budget of /users serves for its own visit.
    { name: 'budgets', testMatch: /budgets\.spec\.ts/, dependencies: ['navigateur'] },
  ],
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    // The production start on a throw-away embedded database.
    command: 'node scripts/serve-e2e.mjs',
    cwd: import.meta.dirname,
    url: `${BASE_URL}/api/config`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    env: { ROOT: root },
  },
});
