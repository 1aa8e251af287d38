import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { type Budgets, checkBudget } from '../budget/check-budget.mjs';
import { precacheSize } from '../budget/fitter-offline.mjs';
import { measurePage } from '../budget/measure-page.mjs';
import { PASSWORD } from './accounts';

const budgets: Budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, '../budgets.json'), 'utf8'));

/** A signed-in session (a clone of the demo super admin: every page is open to it) to copy into cold contexts. */
async function signedIn(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const clone = await context.request.post('/api/test/clone-user', { data: { email: 'superadmin@demo.garage.fr' } });
    const { email } = (await clone.json()) as { email: string };
    const login = await context.request.post('/api/login', { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    return { baseURL, storageState: await context.storageState(), token };
  } finally {
    await context.close();
  }
}

// One page at a time: the figures are not disturbed by each other.
test.describe.configure({ mode: 'serial' });

// Cold visits of the production build: the JS bytes, JS requests, remotes and library copies of each page
// stay within e2e/budgets.json. Times are printed for the record, never asserted (this machine is noisy).
for (const page of budgets.pages) {
  test(`visite à froid de ${page.path} dans son budget`, async ({ browser, baseURL }) => {
    const base = baseURL ?? '';
    const session = page.signedIn === false ? { baseURL: base } : await signedIn(browser, base);
    const measure = await measurePage(browser, session, page);
    console.log(
      `${page.path}: ${Math.round(measure.jsBytes / 1024)} Ko JS / ${page.maxJsKB}, ${measure.jsRequests} requêtes JS / ${page.maxJsRequests}, ` +
        `remotes [${measure.remotes.join(', ')}], ${measure.apiCalls.length} appels à l’API, ` +
        `contenu prêt ${Math.round(measure.readyMs ?? Number.NaN)} ms\n  ${measure.apiCalls.join('\n  ')}`,
    );
    const problems = checkBudget(measure, page, budgets);
    // Over budget: which files weigh what, the heaviest first, to know where to cut.
    if (problems.length > 0) {
      const heaviest = [...measure.scripts].sort((a, b) => b.bytes - a.bytes);
      console.log(heaviest.map((script) => `  ${Math.round(script.bytes / 1024)} Ko ${script.url}`).join('\n'));
    }
    expect(problems).toEqual([]);
  });
}

// The fitter's app precaches the shell's files of a product page at install: on a phone's data plan that stays small.
test('le précache du service worker du poseur tient dans son budget', () => {
  const { files, bytes } = precacheSize(path.join(import.meta.dirname, '../../shell/dist'));
  const budget = (budgets as Budgets & { serviceWorkerPrecacheMaxKB: number }).serviceWorkerPrecacheMaxKB;
  console.info(
    `[budget] précache du service worker : ${files} fichiers, ${(bytes / 1024).toFixed(1)} Ko compressés (budget ${budget} Ko)`,
  );
  expect(bytes).toBeLessThanOrEqual(budget * 1024);
});

// A build weighs the same and says the same wherever it was checked out: no built file holds this machine's
// path (the federation runtime once wrote shared modules' absolute paths, and the remoteEntry budget then
// depended on how deep the checkout was).
test('aucun fichier construit ne contient le chemin de la machine où il a été construit', () => {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  const apps = readdirSync(repoRoot).filter((name) => name === 'shell' || name.startsWith('mf-'));
  const leaking = apps.flatMap((app) => {
    const dist = path.join(repoRoot, app, 'dist');
    return readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(js|css|html|json)$/.test(file))
      .filter((file) => readFileSync(path.join(dist, file), 'utf8').includes(repoRoot))
      .map((file) => `${app}/dist/${file}`);
  });
  expect(apps.length).toBeGreaterThan(1);
  expect(leaking).toEqual([]);
});
