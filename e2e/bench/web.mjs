// `pnpm bench:web`: loads `/` and one page of each remote cold in Chromium
// (production build, fresh cache per page) and prints per page the JS bytes
// transferred (compressed), the request count, which remotes were fetched and
// the first contentful paint. Target: a cold visit fetches only its remote
// (plus mf_notifications, whose bell is part of every page's top bar).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../scripts/chromium.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = 3200;
const BASE = `http://127.0.0.1:${PORT}`;
/** The notification bell is a slot of the top bar: every page loads it. */
const TOP_BAR_REMOTE = 'mf_notifications';
const PAGES = [
  ['/', 'mf_folders'],
  ['/quotation/list/invoice', 'mf_billing'],
  ['/me/notifications', 'mf_notifications'],
  ['/product/list', 'mf_catalog'],
  ['/users', 'mf_franchise'],
  ['/docs', 'mf_docs'],
];

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/config`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('le serveur ne démarre pas');
}

const server = spawn('pnpm', ['--filter', 'api', 'start'], {
  cwd: ROOT,
  stdio: 'ignore',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'garage-bench-')), 'pglite'),
  },
});

try {
  await waitForServer();
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const rows = [];
  // One sign-in (the login rate limit is 5 a minute); each page then gets a new context: cold HTTP cache.
  const signIn = await browser.newContext({ baseURL: BASE });
  const login = await signIn.request.post('/api/login', {
    data: { email: 'superadmin@demo.garage.fr', password: 'Garage2026!' },
  });
  const { token } = await login.json();
  const storageState = await signIn.storageState();
  await signIn.close();
  for (const [pagePath, expected] of PAGES) {
    const context = await browser.newContext({ baseURL: BASE, storageState });
    await context.addInitScript((t) => localStorage.setItem('garage.displayToken', t), token);
    const page = await context.newPage();
    const responses = [];
    page.on('requestfinished', (request) => responses.push(request));
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('main h1, main .ant-result-title')) {
          window.__pageTitleShownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(pagePath, { waitUntil: 'networkidle' });
    await page.locator('main h1, main .ant-result-title').first().waitFor({ timeout: 15_000 });
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    // When the page's own title was on screen, measured from the start of the navigation.
    const titleShownAt = await page.evaluate(() => window.__pageTitleShownAt ?? Number.NaN);
    let jsBytes = 0;
    const remotes = new Set();
    for (const request of responses) {
      const url = new URL(request.url());
      const remote = url.pathname.match(/^\/mf\/([^/]+)\//)?.[1];
      if (remote) remotes.add(`mf_${remote}`);
      if (request.resourceType() === 'script') jsBytes += (await request.sizes()).responseBodySize;
    }
    rows.push({
      page: pagePath,
      'JS transférés (Ko)': Math.round(jsBytes / 1024),
      requêtes: responses.length,
      'remotes chargés': [...remotes].join(', ') || '—',
      'rien de plus': [...remotes].every((r) => r === expected || r === TOP_BAR_REMOTE) ? 'oui' : 'NON',
      'FCP (ms)': Math.round(fcp),
      'titre affiché (ms)': Math.round(titleShownAt),
    });
    await context.close();
  }
  await browser.close();
  console.table(rows);
} finally {
  server.kill('SIGTERM');
}
