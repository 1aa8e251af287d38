// `pnpm bench:web`: every page of budgets.json visited cold in Chromium against the production build, each
// figure printed beside its budget: JS sent (compressed), JS requests, remotes fetched, copies of react /
// react-dom / antd, first contentful paint and when the page's content was ready, cold and on a second visit with the
// HTTP cache full (« à chaud »; times are printed only); then the fitter's app: its service worker's precache beside
// its budget, and the day's list reloaded offline; last, our folder list beside a reference built from the npm
// registry in the shape of ant-design-pro's table page, and /login beside its login page (reference/), visits
// alternating, medians and our ratios; and the time a warm session takes to show another list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../scripts/chromium.mjs';
import { checkBudget } from '../budget/check-budget.mjs';
import { offlineReady, precacheSize } from '../budget/fitter-offline.mjs';
import { measurePage } from '../budget/measure-page.mjs';
import { startDemoServer } from './demo-server.mjs';
import { median } from './median.mjs';
import { buildReference, serveReference } from './reference-app.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, '../budgets.json'), 'utf8'));
const PORT = 3200;
const REFERENCE_PORT = 3201;
/** Visits of each side of the comparison (alternating, medians printed): the targets are medians of 5. */
const VISITS = Number(process.env.BENCH_VISITS ?? 5);
const BASE = `http://127.0.0.1:${PORT}`;
const kB = (bytes) => Math.round(bytes / 1024);
/** A time in whole ms; a ratio (a string) as it is. */
const ms = (value) => (typeof value === 'number' ? Math.round(value) : (value ?? '—'));

const { stop } = await startDemoServer(PORT);

/**
 * The fitter's phone: one visit online installs the app, then `/calendar/tasks` is reloaded without network (the
 * time to the day's heading is printed, never asserted). Answers whether the precache is within its budget.
 * @param {import('@playwright/test').Browser} browser
 */
async function fitterOffline(browser) {
  const precache = precacheSize(path.join(ROOT, 'shell/dist'));
  const within = precache.bytes <= budgets.serviceWorkerPrecacheMaxKB * 1024;
  console.log(
    `Précache du service worker : ${precache.files} fichiers, ${kB(precache.bytes)} Ko compressés / budget ${budgets.serviceWorkerPrecacheMaxKB} Ko${within ? '' : ' — DÉPASSÉ'}`,
  );
  const phone = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  const login = await phone.request.post('/api/login', {
    data: { email: 'poseur@demo.garage.fr', password: 'Garage2026!' },
  });
  const { token } = await login.json();
  await phone.addInitScript((t) => localStorage.setItem('garage.displayToken', t), token);
  const page = await phone.newPage();
  const heading = page.getByRole('heading', { level: 1, name: 'Mes interventions du jour' });
  await page.goto('/calendar/tasks');
  await heading.waitFor();
  const installed = Date.now();
  while (!(await offlineReady(page)) && Date.now() - installed < 20_000) await page.waitForTimeout(200);
  await phone.setOffline(true);
  const started = performance.now();
  await page.reload();
  await heading.waitFor();
  console.log(
    `/calendar/tasks rechargée sans réseau (poseur, téléphone 390×844) : ${ms(performance.now() - started)} ms`,
  );
  await phone.close();
  return within;
}

/** Our page beside the reference's page of the same shape (issue's table: the folder list and the login page). */
const PAIRS = [
  { ours: '/folder/list/all', theirs: { path: '/list/table-list', signedIn: false, ready: '.ant-table-row' } },
  { ours: '/login', theirs: { path: '/user/login', signedIn: false, ready: 'form button.ant-btn-primary' } },
];

/** One side's figures over its visits: bytes and counts of the first, medians of the times. */
const sideFigures = (name, runs) => ({
  page: name,
  'JS Ko compressés': kB(runs[0]?.jsBytes ?? 0),
  'JS Ko décodés': kB(runs[0]?.jsDecodedBytes ?? 0),
  'requêtes JS': runs[0]?.jsRequests,
  'appels API': runs[0]?.apiCalls.length,
  'contenu prêt ms': median(runs.map((run) => run.readyMs)),
  'à chaud ms': median(runs.map((run) => run.warmReadyMs)),
});

/**
 * Each of our pages and the reference's page of the same shape, visited in turn `VISITS` times each, cold then warm:
 * the medians side by side, and ours over the reference's (the targets: 0.5 cold and warm for the list, 0.35 for
 * the login page).
 * @param {import('@playwright/test').Browser} browser
 * @param {{ baseURL: string, storageState: any, token: string }} session
 */
async function compareWithReference(browser, session) {
  const started = performance.now();
  const dist = buildReference();
  console.log(`Référence construite (${ms(performance.now() - started)} ms) : ${dist}`);
  const reference = await serveReference(dist, REFERENCE_PORT);
  const rows = [];
  try {
    for (const pair of PAIRS) {
      const ours = budgets.pages.find((page) => page.path === pair.ours);
      /** @type {any[][]} */
      const runs = [[], []];
      for (let i = 0; i < VISITS; i++) {
        runs[0]?.push(await measurePage(browser, session, ours, { warm: true }));
        runs[1]?.push(await measurePage(browser, { baseURL: reference.base }, pair.theirs, { warm: true }));
      }
      const [mine, theirs] = [
        sideFigures(`nous ${pair.ours}`, runs[0] ?? []),
        sideFigures(`référence ${pair.theirs.path}`, runs[1] ?? []),
      ];
      const ratio = (key) => (mine[key] && theirs[key] ? (mine[key] / theirs[key]).toFixed(2) : '—');
      rows.push(mine, theirs, {
        page: '  rapport nous / référence',
        ...Object.fromEntries(
          ['JS Ko compressés', 'JS Ko décodés', 'requêtes JS', 'contenu prêt ms', 'à chaud ms'].map((key) => [
            key,
            ratio(key),
          ]),
        ),
        'appels API': '',
      });
    }
  } finally {
    reference.stop();
  }
  console.log(`Comparaison avec la référence (médianes de ${VISITS} visites alternées) :`);
  console.table(
    rows.map((row) => ({
      ...row,
      'contenu prêt ms': ms(row['contenu prêt ms']),
      'à chaud ms': ms(row['à chaud ms']),
    })),
  );
}

/**
 * Warm navigation, as a person moves through a session: in a tab whose HTTP cache holds every page's code (each page
 * visited once before), `/folder/list/all` opened, then the router sent to a list of the same remote, then to a list
 * of another remote (its code not run yet in this tab). From the navigation to the new list's first row, median of
 * `VISITS` tabs (targets: 150 ms within a remote, 300 ms to another).
 * @param {import('@playwright/test').Browser} browser
 * @param {{ baseURL: string, storageState: any, token: string }} session
 */
async function warmNavigation(browser, session) {
  const context = await browser.newContext({ baseURL: session.baseURL, storageState: session.storageState });
  await context.addInitScript((t) => localStorage.setItem('garage.displayToken', t), session.token);
  const steps = [
    { name: 'même remote : /folder/list/all → /recovery/list/all', to: '/recovery/list/all' },
    { name: 'autre remote : /recovery/list/all → /quotation/list/invoice', to: '/quotation/list/invoice' },
  ];
  /** @type {Record<string, number[]>} */
  const times = Object.fromEntries(steps.map((step) => [step.name, []]));
  try {
    const warmUp = await context.newPage();
    for (const path of ['/folder/list/all', ...steps.map((step) => step.to)]) {
      await warmUp.goto(path);
      await warmUp.locator('main .ant-table-row').first().waitFor({ timeout: 15_000 });
    }
    await warmUp.close();
    for (let i = 0; i < VISITS; i++) {
      const tab = await context.newPage();
      await tab.goto('/folder/list/all');
      await tab.locator('main .ant-table-row').first().waitFor({ timeout: 15_000 });
      for (const step of steps) {
        // The rows drawn so far are marked: the next list's first row is one without the mark, timed in the page.
        await tab.evaluate(() => {
          for (const row of document.querySelectorAll('main .ant-table-row')) row.setAttribute('data-before', '');
          const clock = /** @type {{ __drawnAt?: number }} */ (/** @type {unknown} */ (window));
          clock.__drawnAt = undefined;
          new MutationObserver((_, observer) => {
            if (!document.querySelector('main .ant-table-row:not([data-before])')) return;
            clock.__drawnAt = performance.now();
            observer.disconnect();
          }).observe(document, { childList: true, subtree: true });
        });
        // The router follows the history as for a click on a menu entry (not every list is one the menu shows).
        const started = await tab.evaluate((to) => {
          const at = performance.now();
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
          return at;
        }, step.to);
        await tab.locator('main .ant-table-row:not([data-before])').first().waitFor({ timeout: 15_000 });
        const drawnAt = await tab.evaluate(
          () => /** @type {{ __drawnAt?: number }} */ (/** @type {unknown} */ (window)).__drawnAt,
        );
        if (drawnAt !== undefined) times[step.name]?.push(drawnAt - started);
      }
      await tab.close();
    }
  } finally {
    await context.close();
  }
  console.log(`Navigation à chaud (médianes de ${VISITS} onglets, de la navigation à la première ligne) :`);
  for (const step of steps) console.log(`  ${step.name} : ${ms(median(times[step.name] ?? []))} ms`);
}

let failed = false;
try {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  // One sign-in (the login rate limit is 5 a minute); each page then gets a new context: cold HTTP cache.
  // The demo super admin has notifications, so "content ready" on a list is its first row.
  const signIn = await browser.newContext({ baseURL: BASE });
  const login = await signIn.request.post('/api/login', {
    data: { email: 'superadmin@demo.garage.fr', password: 'Garage2026!' },
  });
  const { token } = await login.json();
  const storageState = await signIn.storageState();
  await signIn.close();
  const rows = [];
  for (const page of budgets.pages) {
    const measure = await measurePage(browser, { baseURL: BASE, storageState, token }, page, { warm: true });
    const problems = checkBudget(measure, page, budgets);
    failed ||= problems.length > 0;
    rows.push({
      page: page.path,
      'JS Ko / budget': `${kB(measure.jsBytes)} / ${page.maxJsKB}`,
      'JS Ko décodés': kB(measure.jsDecodedBytes ?? 0),
      'requêtes JS / budget': `${measure.jsRequests} / ${page.maxJsRequests}`,
      'appels API / budget': `${measure.apiCalls.length} / ${page.maxApiCalls ?? '—'}`,
      'appels en double': measure.apiCalls.length - new Set(measure.apiCalls).size,
      'remotes chargés': measure.remotes.join(', ') || '—',
      'remoteEntry Ko': measure.remoteEntries.map((entry) => kB(entry.bytes)).join(' + ') || '—',
      'copies react/react-dom/antd': `${measure.copies.react}/${measure.copies['react-dom']}/${measure.copies.antd}`,
      'FCP ms': ms(measure.fcpMs),
      'contenu prêt ms': ms(measure.readyMs),
      'à chaud ms': ms(measure.warmReadyMs),
      budget: problems.length === 0 ? 'ok' : 'DÉPASSÉ',
    });
    for (const problem of problems) console.error(`✖ ${problem}`);
    if (process.env.VERBOSE) {
      for (const script of measure.scripts) console.log(`  ${String(kB(script.bytes)).padStart(4)} Ko ${script.url}`);
      for (const call of measure.apiCalls) console.log(`  ${call}`);
    }
  }
  console.table(rows);
  failed ||= !(await fitterOffline(browser));
  await warmNavigation(browser, { baseURL: BASE, storageState, token });
  await compareWithReference(browser, { baseURL: BASE, storageState, token });
  await browser.close();
} finally {
  stop();
}
if (failed) process.exitCode = 1;
