/** What the fitter's service worker keeps, shared by the worker and the page that registers it. */

export const ASSETS_CACHE = 'garage-assets';
export const PAGES_CACHE = 'garage-pages';
export const WARM_MESSAGE = 'warm';
/** Served for a fitter's page never opened online: the app routes the path on the phone. */
export const OFFLINE_HOME = '/calendar/tasks';

/** A file named by its content (`name.1a2b3c4d.js`): cached once, never revalidated. */
export const isCachedAsset = (pathname: string): boolean =>
  /[.-][0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpe?g|webp)$/i.test(pathname);

/** A deployment's entry points: fetched first, the kept copy offline. */
export const isEntryPoint = (pathname: string): boolean =>
  /\/(remoteEntry\.js|mf-manifest\.json)$/.test(pathname) || pathname === '/remotes.json';

/** The fitter's pages, which open offline. */
export const isOfflinePage = (pathname: string): boolean => /^\/calendar\/tasks?(\/|$)/.test(pathname);
