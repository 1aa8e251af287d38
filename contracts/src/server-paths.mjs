// @ts-check
// The data calls the specification places outside /api. Plain JavaScript: the dev servers' proxy
// (rspack-config) reads it too, so `pnpm dev` routes them exactly as the production server does.

/**
 * `navigation: 'app'`: the pattern also matches pages of the product (`/product/:id` and `/product/list`), so a
 * browser navigation gets the app and a data call the server, as production decides; `'server'`: every request
 * goes to the server. server-paths.test.ts keeps the marks true to the route table.
 * @type {readonly { path: string, navigation: 'app' | 'server' }[]}
 */
export const SERVER_PATHS = [
  { path: '/product/:id', navigation: 'app' },
  { path: '/product/search/:term', navigation: 'server' },
  { path: '/folder/:folderId/message_template/:templateId', navigation: 'server' },
  { path: '/invoice/displaySentFolderModal/:folderId', navigation: 'server' },
  { path: '/company/select/:companyId', navigation: 'server' },
  { path: '/cession/:folderId/:action', navigation: 'server' },
];

const PATTERNS = SERVER_PATHS.map((entry) => ({
  ...entry,
  regex: new RegExp(`^${entry.path.replace(/:[^/]+/g, '[^/]+')}/?$`),
}));

/**
 * A browser page load, as the production server tells it (api/src/plugins/app/static.ts).
 * @param {{ accept?: string, 'sec-fetch-mode'?: string }} headers
 */
export const isNavigationRequest = (headers) =>
  headers['sec-fetch-mode'] === 'navigate' || (headers.accept ?? '').includes('text/html');

/**
 * Whether a request to this path outside /api is a data call for the server.
 * @param {string} pathname
 * @param {{ accept?: string, 'sec-fetch-mode'?: string }} headers
 */
export function isServerDataCall(pathname, headers) {
  const entry = PATTERNS.find((pattern) => pattern.regex.test(pathname));
  if (!entry) return false;
  return entry.navigation === 'server' || !isNavigationRequest(headers);
}
