// The production build on a throw-away embedded database with the demo's data, for the `pnpm bench:*` scripts of
// the web app: their pages are measured signed in as the demo's accounts.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the server on `port` and waits until it answers; `stop()` ends it.
 * @param {number} port
 */
export async function startDemoServer(port) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('pnpm', ['--filter', 'api', 'start'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'garage-bench-')), 'pglite'),
      DEMO_SEED: '1',
    },
  });
  const stop = () => server.kill('SIGTERM');
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/config`)).ok) return { base, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error('le serveur ne démarre pas');
}
