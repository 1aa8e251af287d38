// `pnpm dev` serves every call: starts it on a throw-away database and, through one remote's dev
// server (mf-catalog, :3004), calls one route of each kind. A data call must reach the API exactly as under
// `pnpm start`; a page load of the same path must get the app. Run by `pnpm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const REMOTE_DEV = 'http://localhost:3004';
const work = mkdtempSync(path.join(tmpdir(), 'garage-dev-'));
const dev = spawn('node', [path.join(ROOT, 'scripts', 'dev.mjs')], {
  cwd: ROOT,
  detached: true,
  stdio: 'ignore',
  env: { ...process.env, DATA_DIR: path.join(work, 'pglite'), LOG_LEVEL: 'warn' },
});
const stop = () => {
  try {
    process.kill(-dev.pid, 'SIGTERM');
  } catch {}
  rmSync(work, { recursive: true, force: true });
};

async function waitFor(url) {
  const started = Date.now();
  while (Date.now() - started < 300_000) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} ne répond pas après 5 minutes`);
}

const json = { accept: 'application/json' };
const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };
const isJson = (response) => (response.headers.get('content-type') ?? '').includes('application/json');
const isApp = async (response) => response.ok && (await response.text()).includes('<div id="root"');

const checks = [
  ['GET /api/config (API)', '/api/config', json, async (r) => r.ok && isJson(r)],
  [
    'GET /remotes.json (manifeste des remotes)',
    '/remotes.json',
    json,
    async (r) => r.ok && 'mf_catalog' in (await r.json()),
  ],
  // Signed out: the API's own 401 in JSON, not the dev server's index.html.
  [
    'GET /product/search/:term (donnée hors /api)',
    '/product/search/pare',
    json,
    async (r) => r.status === 401 && isJson(r),
  ],
  [
    'POST /company/select/:id (hors /api)',
    '/company/select/1',
    json,
    async (r) => r.status === 401 && isJson(r),
    'POST',
  ],
  // A document the browser opens: the server's answer even for a page load.
  [
    'GET /cession/:folderId/:action en navigation (route serveur)',
    '/cession/1/view',
    page,
    async (r) => r.status === 401 && isJson(r),
  ],
  ['GET /product/:id (donnée hors /api)', '/product/12', json, async (r) => r.status === 401 && isJson(r)],
  ['GET /product/list en navigation (page de l’application)', '/product/list', page, isApp],
];

let failed = false;
try {
  const started = Date.now();
  await waitFor(`${REMOTE_DEV}/remoteEntry.js`);
  await waitFor('http://localhost:4000/api/config');
  console.log(`pnpm dev prêt en ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const [label, url, headers, ok, method = 'GET'] of checks) {
    const response = await fetch(`${REMOTE_DEV}${url}`, { method, headers, redirect: 'manual' });
    const passed = await ok(response.clone());
    console.log(`${passed ? '✓' : '✗'} ${label} via ${REMOTE_DEV} : ${response.status}`);
    if (!passed) console.log(`  ${response.headers.get('content-type')} ${(await response.text()).slice(0, 200)}`);
    failed ||= !passed;
  }
} finally {
  stop();
}
if (failed) process.exit(1);
