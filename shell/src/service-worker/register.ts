import { isOfflinePage, WARM_MESSAGE } from './rules';

/*
 * The fitter's app registers its service worker the first time a fitter's page opens (production builds only, where
 * /sw.js exists): staff browsers that never open those pages never get one. Once it controls the page, it is sent
 * what the page already loaded, so the next reload works offline; again a little later and on each fitter's page,
 * for the code a page loads lazily (the task page, fetched ahead by the day's list).
 */

/** A second warm, once a page's lazily loaded code has arrived. */
const WARM_AGAIN_MS = 2_000;

let registered: Promise<ServiceWorkerRegistration> | undefined;

/** Sends the worker this page and every file loaded so far (the worker skips what it already keeps). */
function warm(registration: ServiceWorkerRegistration) {
  const urls = [window.location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)];
  (navigator.serviceWorker.controller ?? registration.active)?.postMessage({ type: WARM_MESSAGE, urls });
}

export function registerOfflineApp(pathname: string): void {
  if (process.env.NODE_ENV !== 'production' || !isOfflinePage(pathname)) return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (registered) {
    void registered
      .then(() => navigator.serviceWorker.ready)
      .then((ready) => setTimeout(() => warm(ready), WARM_AGAIN_MS));
    return;
  }
  registered = navigator.serviceWorker.register('/sw.js', { scope: '/' });
  void (async () => {
    try {
      await registered;
      const ready = await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) warm(ready);
      else navigator.serviceWorker.addEventListener('controllerchange', () => warm(ready), { once: true });
      setTimeout(() => warm(ready), WARM_AGAIN_MS);
    } catch (error) {
      registered = undefined;
      console.error('[hors connexion] service worker non installé :', error);
    }
  })();
}
