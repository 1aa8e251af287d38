// `pnpm bench:web`: every page of budgets.json visited cold in Chromium against the production build, each
// figure printed beside its budget: JS sent (compressed), JS requests, remotes fetched, copies of react /
// react-dom / antd, first contentful paint and when the page's content was ready, cold and on a second visit with the
// HTTP cache full (« à chaud »; times are printed only); then the fitter's app: its service worker's precache beside
// its budget, and the day's list reloaded offline.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../scripts/chromium.mjs';
import { checkBudget } from '../budget/check-budget.mjs';
import { offlineReady, precacheSize } from '../budget/fitter-offline.mjs';
import { measurePage } from '../budget/measure-page.mjs';
import { startDemoServer } from './demo-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, '../budgets.json'), 'utf8'));
const PORT = 3200;
const BASE = `http://127.0.0.1:${PORT}`;
const kB = (bytes) => Math.round(bytes / 1024);
const ms = (value) => (value === undefined ? '—' : Math.round(value));

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
  await browser.close();
} finally {
  stop();
}
if (failed) process.exitCode = 1;
