/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ASSETS_CACHE,
  isCachedAsset,
  isEntryPoint,
  isOfflinePage,
  OFFLINE_HOME,
  PAGES_CACHE,
  WARM_MESSAGE,
} from './rules';

/*
 * The fitter's app offline (docs/decisions.md "Fitter's app offline"), with Workbox:
 * - the shell's own files of a product page (framework, design system, frame: hashed names) are precached at
 *   install (the list is written in at build time by rspack-config's service worker config);
 * - every hashed file of the shell and of the remotes served from this origin is kept once fetched (cache first:
 *   a hashed name never changes content), remote entries and manifests are fetched first and kept for offline;
 * - the fitter's pages (`/calendar/tasks`, `/calendar/task/{id}`) are fetched first, kept, and served from the cache
 *   without network (a task never opened online gets the day's list page: the app routes it on the phone);
 * - the page that registered the worker sends the files it already loaded (`warm`), so a single online visit is
 *   enough to reload offline. The data itself (the day's tasks, the queue) is the app's, in IndexedDB.
 * Nothing else is cached: API answers never go through a cache here.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const MONTH = 30 * 24 * 3600;

registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && isCachedAsset(url.pathname),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: MONTH })],
  }),
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && isEntryPoint(url.pathname),
  new NetworkFirst({ cacheName: ASSETS_CACHE, networkTimeoutSeconds: 4 }),
);

const pages = new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: 4 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch (error) {
        const home = await caches.open(PAGES_CACHE).then((cache) => cache.match(OFFLINE_HOME));
        if (home) return home;
        throw error;
      }
    },
    { allowlist: [/^\/calendar\/tasks?(\/|$)/] },
  ),
);

/** Keeps what the page loaded before this worker controlled it: its page and its same-origin files. */
async function warm(urls: string[]): Promise<void> {
  const [assets, pagesCache] = await Promise.all([caches.open(ASSETS_CACHE), caches.open(PAGES_CACHE)]);
  await Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, self.location.origin);
      if (!sameOrigin(url)) return;
      const cache = isOfflinePage(url.pathname)
        ? pagesCache
        : isCachedAsset(url.pathname) || isEntryPoint(url.pathname)
          ? assets
          : undefined;
      if (!cache || (await cache.match(url.href))) return;
      // A page is asked for as a browser would (the server tells pages from data calls by `Accept`).
      const headers = cache === pagesCache ? { accept: 'text/html' } : undefined;
      const response = await fetch(url.href, { credentials: 'same-origin', headers }).catch(() => undefined);
      if (response?.ok) await cache.put(url.href, response);
    }),
  );
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | undefined;
  if (data?.type === WARM_MESSAGE && Array.isArray(data.urls)) {
    event.waitUntil(warm(data.urls.filter((url): url is string => typeof url === 'string').slice(0, 500)));
  }
});
