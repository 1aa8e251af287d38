import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../scripts/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const BASE_URL = 'http://127.0.0.1:3100';
/** mf_franchise is deployed on its own origin in this run: it is the remote the tests stop and restart. */
export const SEPARATE_REMOTE_PORT = 3199;
/** A second production server whose mf_billing and mf_docs were built "later" than the shell (fixtures/README.md). */
export const COMPAT_URL = 'http://127.0.0.1:3101';

export default defineConfig({
  testDir: './tests',
  // A test signs in, builds its state and walks a few pages: half a minute is tight when two workers and
  // the server share two cores.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  projects: [
    { name: 'navigateur', testIgnore: /budgets\.spec\.ts/ },
    // Cold-visit budgets run last and alone: nothing else loads the machine.
    { name: 'budgets', testMatch: /budgets\.spec\.ts/, dependencies: ['navigateur'] },
  ],
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    // The app draws dialogs and drawers without their opening animation for such users (shared-ui tokens.ts): a
    // click during a dialog's zoom-in was lost now and then on a loaded machine (a checkbox left unticked).
    reducedMotion: 'reduce',
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: [
    {
      // The production start on a throw-away embedded database.
      command: 'node scripts/serve-e2e.mjs',
      cwd: import.meta.dirname,
      url: `${BASE_URL}/api/config`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { ROOT: root },
    },
    {
      // mf_franchise deployed by its team on its own origin, for the whole run (remote-down.spec cuts it off
      // for one page only, by routing).
      command: `node ../scripts/serve-static.mjs ../mf-franchise/dist ${SEPARATE_REMOTE_PORT}`,
      cwd: import.meta.dirname,
      url: `http://127.0.0.1:${SEPARATE_REMOTE_PORT}/remoteEntry.js`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // Builds the fixture remotes against the shell of this run (about a minute), serves them on their own
      // origins and starts the server that lists them.
      command: 'node scripts/serve-compat.mjs',
      cwd: import.meta.dirname,
      url: `${COMPAT_URL}/api/config`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
