// @ts-check
// Measures one cold visit of a page in a fresh browser context (empty HTTP cache): the JS sent on the wire,
// the JS requests, the remotes fetched, how many copies of the shared libraries the page holds, the
// remoteEntry.js weights, its API calls, first contentful paint and when its content was ready.

/** The libraries that must exist once per page, counted through the source maps of the JS the page ran. */
const LIBRARIES = ['react', 'react-dom', 'antd'];

/** @param {string} source @param {string} library the package folder of a source file, or undefined */
function packageDir(source, library) {
  const marker = `node_modules/${library}/`;
  const at = source.lastIndexOf(marker);
  return at === -1 ? undefined : source.slice(0, at + marker.length);
}

/**
 * @param {import('@playwright/test').APIRequestContext} request
 * @param {string[]} scriptUrls
 * @returns {Promise<Record<string, number>>}
 */
async function countCopies(request, scriptUrls) {
  /** @type {Map<string, number>} source file -> scripts holding it */
  const holders = new Map();
  for (const url of scriptUrls) {
    const response = await request.get(`${url}.map`);
    if (!response.ok()) continue;
    const map = /** @type {{ sources: string[] }} */ (await response.json());
    for (const source of new Set(map.sources)) holders.set(source, (holders.get(source) ?? 0) + 1);
  }
  /** @type {Record<string, number>} */
  const copies = {};
  for (const library of LIBRARIES) {
    const dirs = new Set();
    let most = 0;
    for (const [source, count] of holders) {
      const dir = packageDir(source, library);
      if (!dir) continue;
      dirs.add(dir);
      most = Math.max(most, count);
    }
    // Two installs of the package, or one module in two scripts of the page: both are two copies.
    copies[library] = Math.max(dirs.size, most);
  }
  return copies;
}

/**
 * A second visit of the page in a new tab of the same profile, as a person opening it again finds it: scripts from
 * the HTTP cache, data asked anew. Answers when its content was ready (ms from the navigation's start).
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} path
 * @param {string} ready
 */
async function warmVisit(context, path, ready) {
  const tab = await context.newPage();
  await tab.goto(path);
  await tab.locator(ready).first().waitFor({ timeout: 15_000 });
  const readyMs = await tab.evaluate(
    () => /** @type {{ __readyAt?: number }} */ (/** @type {unknown} */ (window)).__readyAt,
  );
  await tab.close();
  return readyMs;
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {{ baseURL: string, storageState?: any, token?: string }} session
 * @param {import('./check-budget.mjs').PageBudget} page
 * @param {{ warm?: boolean }} [options] `warm`: also time a second visit in the same profile (its HTTP cache full)
 * @returns {Promise<import('./check-budget.mjs').PageMeasure & { scripts: { url: string, bytes: number, decodedBytes: number }[] }>}
 */
export async function measurePage(browser, session, page, options = {}) {
  const ready = page.ready ?? 'main h1';
  const context = await browser.newContext({
    baseURL: session.baseURL,
    ...(page.signedIn === false ? {} : { storageState: session.storageState }),
  });
  try {
    if (page.signedIn !== false && session.token) {
      await context.addInitScript((t) => localStorage.setItem('garage.displayToken', t), session.token);
    }
    await context.addInitScript((selector) => {
      new MutationObserver((_, observer) => {
        if (document.querySelector(selector)) {
          Object.assign(window, { __readyAt: performance.now() });
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, ready);
    const tab = await context.newPage();
    /** @type {import('@playwright/test').Request[]} */
    const finished = [];
    let lastActivity = Date.now();
    tab.on('request', () => {
      lastActivity = Date.now();
    });
    tab.on('requestfinished', (request) => {
      lastActivity = Date.now();
      finished.push(request);
    });
    await tab.goto(page.path, { waitUntil: 'networkidle' });
    await tab.locator(ready).first().waitFor({ timeout: 15_000 });
    // What the page loads once drawn (a remote's block inside another's page, a lazy editor) counts too:
    // wait for a second without any request starting or ending (the event stream stays open, quietly).
    const quietSince = Date.now() + 10_000;
    while (Date.now() - lastActivity < 1000 && Date.now() < quietSince) await tab.waitForTimeout(100);
    const timings = await tab.evaluate(() => ({
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      readyMs: /** @type {{ __readyAt?: number }} */ (/** @type {unknown} */ (window)).__readyAt,
    }));
    /** @type {{ url: string, bytes: number, decodedBytes: number }[]} */
    const scripts = [];
    // The page's API calls, method and URL (the event stream, open all along, is no call).
    const apiCalls = finished
      .map((request) => ({ method: request.method(), url: new URL(request.url()) }))
      .filter(({ url }) => url.pathname.startsWith('/api/') && url.pathname !== '/api/notifications/stream')
      .map(({ method, url }) => `${method} ${url.pathname}${url.search}`);
    const remotes = new Set();
    const remoteEntries = [];
    for (const request of finished) {
      const url = new URL(request.url());
      const remote = url.pathname.match(/^\/mf\/([^/]+)\//)?.[1];
      if (remote) remotes.add(`mf_${remote}`);
      if (request.resourceType() !== 'script') continue;
      const bytes = (await request.sizes()).responseBodySize;
      // What the browser parses and evaluates: the script once its brotli or gzip is undone.
      const decodedBytes = (await (await request.response())?.body())?.length ?? 0;
      scripts.push({ url: request.url(), bytes, decodedBytes });
      // A remote deployed on its own origin has no /mf/ prefix: its host names it.
      if (url.pathname.endsWith('/remoteEntry.js'))
        remoteEntries.push({ remote: remote ? `mf_${remote}` : url.host, bytes });
    }
    const warmReadyMs = options.warm ? await warmVisit(context, page.path, ready) : undefined;
    return {
      path: page.path,
      jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      jsDecodedBytes: scripts.reduce((sum, script) => sum + script.decodedBytes, 0),
      jsRequests: scripts.length,
      remotes: [...remotes].sort(),
      copies: await countCopies(
        context.request,
        scripts.map((script) => script.url),
      ),
      remoteEntries,
      scripts,
      apiCalls,
      fcpMs: timings.fcpMs,
      readyMs: timings.readyMs,
      warmReadyMs,
    };
  } finally {
    await context.close();
  }
}
