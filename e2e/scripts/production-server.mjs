// The production server of the browser tests: fresh embedded database, demo seeded, test-only routes on, some remotes
// pointed at other origins (REMOTES_JSON). Used by serve-e2e.mjs and serve-compat.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The environment of a test server on `port` keeping its embedded database in `dataDir` (a server started again
 * on the same directory finds its data: the chaos test stops and restarts one).
 * @param {{ port: number, dataDir: string, remotesFile?: string }} options
 */
export function productionEnv({ port, dataDir, remotesFile }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(remotesFile ? { REMOTES_JSON: remotesFile } : {}),
    // The browser tests' server (api/dist-test) starts only with it; the demo is what the clones copy.
    ENABLE_TEST_ROUTES: '1',
    DEMO_SEED: '1',
    PARTNER_HOSTS: 'partner.localhost',
    // Browser tests sign the same demo user in more than 5 times a minute; the real limit is tested in the API suite.
    LOGIN_RATE_LIMIT_MAX: '100',
    // Every parallel browser test calls from 127.0.0.1: one address shared by all of them would hit the per-address
    // limit whenever a test writes its hundred hostile rows while others run (a 429 then reads « Impossible de charger
    // les données »). The limit itself is tested in the API suite.
    RATE_LIMIT_MAX: '100000',
  };
}

/**
 * The browser tests' API process: the production build plus the test-only routes (api/dist-test/server.js, compiled
 * beside the product's dist/ by `pnpm build`).
 * @param {NodeJS.ProcessEnv} env
 * @param {import('node:child_process').StdioOptions} stdio
 */
export function spawnTestServer(env, stdio = 'inherit') {
  return spawn(process.execPath, ['--enable-source-maps', 'dist-test/server.js'], {
    cwd: path.join(ROOT, 'api'),
    stdio,
    env,
  });
}

/** @param {{ port: number, remotes: Record<string, string> }} options */
export function startProductionServer({ port, remotes }) {
  const work = mkdtempSync(path.join(tmpdir(), 'garage-e2e-'));
  // Merged by the server into the default /remotes.json.
  const remotesFile = path.join(work, 'remotes.json');
  writeFileSync(remotesFile, JSON.stringify(remotes));
  return spawnTestServer(productionEnv({ port, dataDir: path.join(work, 'pglite'), remotesFile }));
}

/** Stops the children with this process; exits when the first one does. */
export function runUntilStopped(children) {
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (const child of children) child.on('exit', (code) => process.exit(code ?? 0));
}
