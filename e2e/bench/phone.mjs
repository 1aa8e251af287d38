// `pnpm bench:phone`: the fitter's day (`/calendar/tasks`) on a phone, as Chrome's DevTools emulate one: 390×844,
// the CPU slowed down 4 times and the « Fast 4G » network (9 Mbit/s down, 1.5 up, 165 ms; DevTools' preset). Five
// cold visits (new profile: no cache, no service worker), then five from the service worker the first visit installed;
// the median of each is printed beside its target (3 s cold, 1 s from the worker). Times are printed, never asserted.
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../scripts/chromium.mjs';
import { offlineReady } from '../budget/fitter-offline.mjs';
import { startDemoServer } from './demo-server.mjs';
import { median } from './median.mjs';

const PORT = 3201;
const RUNS = 5;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
const FAST_4G = {
  offline: false,
  latency: 165,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (1_500_000 / 8) * 0.9,
};
const TARGETS = { cold: 3000, worker: 1000 };

/** Long tasks (over 50 ms) of the page's main thread, kept from the first script on: they delay every tap. */
const recordLongTasks = () => {
  const tasks = [];
  Object.defineProperty(window, '__longTasks', { value: tasks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
};

/**
 * One visit of the day's page under the phone profile: when its first task (or « aucune intervention ») is drawn, and
 * when it is interactive (that, or the end of the last long task before a quiet second, whichever comes later).
 * @param {import('@playwright/test').BrowserContext} context
 */
async function visit(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  await page.goto('/calendar/tasks', { waitUntil: 'commit' });
  await page.locator('[data-testid="fitter-task"], .ant-empty').first().waitFor({ timeout: 60_000 });
  const drawn = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1000);
  const lastLongTask = await page.evaluate(() => Math.max(0, ...window.__longTasks));
  const interactive = Math.max(drawn, lastLongTask);
  await page.close();
  return { drawn, interactive };
}

/** Signs the fitter in (once: the login is rate limited) and gives what a new profile needs to be signed in. */
async function fitterSession(browser, base) {
  const context = await browser.newContext({ baseURL: base });
  const login = await context.request.post('/api/login', {
    data: { email: 'poseur@demo.garage.fr', password: 'Garage2026!' },
  });
  const { token } = await login.json();
  const storageState = await context.storageState();
  await context.close();
  return { token, storageState };
}

/** A new phone profile, signed in as the fitter. */
async function phoneContext(browser, base, session) {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: base,
    storageState: session.storageState,
    serviceWorkers: 'allow',
  });
  await context.addInitScript((token) => localStorage.setItem('garage.displayToken', token), session.token);
  await context.addInitScript(recordLongTasks);
  return context;
}

const { base, stop } = await startDemoServer(PORT);
try {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const session = await fitterSession(browser, base);

  const cold = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await phoneContext(browser, base, session);
    cold.push(await visit(context));
    await context.close();
  }

  // One profile: the first visit installs the worker, which then answers the page and its scripts.
  const context = await phoneContext(browser, base, session);
  const first = await context.newPage();
  await first.goto('/calendar/tasks');
  const installed = Date.now();
  while (!(await offlineReady(first)) && Date.now() - installed < 30_000) await first.waitForTimeout(200);
  await first.close();
  const worker = [];
  for (let run = 0; run < RUNS; run++) worker.push(await visit(context));
  await context.close();
  await browser.close();

  const row = (name, runs, target) => ({
    visite: name,
    'tâche affichée ms (médiane)': Math.round(median(runs.map((run) => run.drawn))),
    'interactive ms (médiane)': Math.round(median(runs.map((run) => run.interactive))),
    'objectif ms': target,
    'les 5 visites (interactive)': runs.map((run) => Math.round(run.interactive)).join(' / '),
  });
  console.log('/calendar/tasks, poseur, téléphone 390×844, CPU ×4, réseau « Fast 4G » (165 ms, 9 Mbit/s)');
  console.table([row('à froid', cold, TARGETS.cold), row('service worker', worker, TARGETS.worker)]);
} finally {
  stop();
}
