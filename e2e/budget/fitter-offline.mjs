// @ts-check
// The fitter's app offline, apart from a test: what its service worker precaches, and when a page is
// ready to be reloaded without network. Shared by the budgets test, the offline browser test and `pnpm bench:web`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The shell's files the worker precaches at install (shell/dist/sw-precache.json), compressed as served (the .gz
 * the build writes, else gzipped here): on a phone's data plan that stays small.
 * @param {string} dist the shell's dist folder
 * @returns {{ files: number, bytes: number }}
 */
export function precacheSize(dist) {
  /** @type {{ url: string }[]} */
  const list = JSON.parse(readFileSync(path.join(dist, 'sw-precache.json'), 'utf8'));
  const bytes = list.reduce((total, { url }) => {
    const file = path.join(dist, url);
    const compressed = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(readFileSync(file));
    return total + compressed.length;
  }, 0);
  return { files: list.length, bytes };
}

/**
 * The page is controlled by the service worker, which keeps the day's page and every script the page loaded (the
 * task page's code included, fetched ahead by the list).
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<boolean>}
 */
export const offlineReady = (page) =>
  page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) return false;
    if (!(await caches.match('/calendar/tasks'))) return false;
    const scripts = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(location.origin) && url.endsWith('.js'));
    const kept = await Promise.all(scripts.map(async (url) => Boolean(await caches.match(url))));
    return scripts.length > 0 && kept.every(Boolean);
  });
