// `pnpm bench:web`: every page of budgets.json visited cold in Chromium against the production build, each
// figure printed beside its budget: JS sent (compressed), JS requests, remotes fetched, copies of react /
// react-dom / antd, first contentful paint and when the page's content was ready, cold and on a second visit with the
// HTTP cache full (« à chaud »; times are printed only); then the fitter's app: its service worker's precache beside
// its budget, and the day's list reloaded offline; last, our folder list beside a reference built from the npm
// registry in the shape of ant-design-pro's table page (reference/), visits alternating, medians and our ratios.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../scripts/chromium.mjs';
import { checkBudget } from '../budget/check-budget.mjs';
import { offlineReady, precacheSize } from '../budget/fitter-offline.mjs';
import { measurePage } from '../budget/measure-page.mjs';
import { startDemoServer } from './demo-server.mjs';
import { buildReference, serveReference } from './reference-app.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, '../budgets.json'), 'utf8'));
const PORT = 3200;
const REFERENCE_PORT = 3201;
/** Visits of each side of the comparison (alternating, medians printed): the targets are medians of 5. */
const VISITS = Number(process.env.BENCH_VISITS ?? 5);
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

const median = (values) => {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted[Math.floor((sorted.length - 1) / 2)];
};

/**
 * Our folder list and the reference's table page, visited in turn `VISITS` times each, cold then warm: the medians
 * side by side, and ours over the reference's (the targets: 0.5 cold and warm).
 * @param {import('@playwright/test').Browser} browser
 * @param {{ baseURL: string, storageState: any, token: string }} session
 */
async function compareWithReference(browser, session) {
  const started = performance.now();
  const dist = buildReference();
  console.log(`Référence construite (${ms(performance.now() - started)} ms) : ${dist}`);
  const reference = await serveReference(dist, REFERENCE_PORT);
  const sides = [
    { name: 'nous /folder/list/all', session, page: budgets.pages.find((page) => page.path === '/folder/list/all') },
    {
      name: 'référence /list/table-list',
      session: { baseURL: reference.base },
      page: { path: '/list/table-list', signedIn: false, ready: '.ant-table-row' },
    },
  ];
  /** @type {Record<string, any[]>} */
  const visits = Object.fromEntries(sides.map((side) => [side.name, []]));
  try {
    for (let i = 0; i < VISITS; i++) {
      for (const side of sides)
        visits[side.name]?.push(await measurePage(browser, side.session, side.page, { warm: true }));
    }
  } finally {
    reference.stop();
  }
  const figures = sides.map((side) => {
    const runs = visits[side.name] ?? [];
    return {
      name: side.name,
      wire: runs[0]?.jsBytes,
      decoded: runs[0]?.jsDecodedBytes,
      requests: runs[0]?.jsRequests,
      api: runs[0]?.apiCalls.length,
      cold: median(runs.map((run) => run.readyMs)),
      warm: median(runs.map((run) => run.warmReadyMs)),
    };
  });
  const [ours, theirs] = figures;
  const ratio = (key) => (ours?.[key] && theirs?.[key] ? (ours[key] / theirs[key]).toFixed(2) : '—');
  console.table([
    ...figures.map((side) => ({
      page: side.name,
      'JS Ko compressés': kB(side.wire ?? 0),
      'JS Ko décodés': kB(side.decoded ?? 0),
      'requêtes JS': side.requests,
      'appels API': side.api,
      [`contenu prêt ms (médiane de ${VISITS})`]: ms(side.cold),
      'à chaud ms': ms(side.warm),
    })),
    {
      page: 'rapport nous / référence',
      'JS Ko compressés': ratio('wire'),
      'JS Ko décodés': ratio('decoded'),
      'requêtes JS': ratio('requests'),
      'appels API': '',
      [`contenu prêt ms (médiane de ${VISITS})`]: ratio('cold'),
      'à chaud ms': ratio('warm'),
    },
  ]);
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
  await compareWithReference(browser, { baseURL: BASE, storageState, token });
  await browser.close();
} finally {
  stop();
}
if (failed) process.exitCode = 1;
