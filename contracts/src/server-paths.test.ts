import { describe, expect, it } from 'vitest';
import { matchPath, PAGES, SHELL_PATHS } from './pages';
import { isServerDataCall, SERVER_PATHS } from './server-paths.mjs';

const sample = (path: string) => path.replace(/:[^/]+/g, '12');
/** Some page of the product (a remote's or the shell's) has a path this pattern matches. */
const overlapsPages = (pattern: string) =>
  [...PAGES.map((page) => page.path), ...SHELL_PATHS].some((path) => matchPath(pattern, sample(path)) !== null);

describe('the data calls outside /api', () => {
  it('are marked "app" exactly when they match pages too (a navigation there gets the app)', () => {
    for (const entry of SERVER_PATHS) expect(overlapsPages(entry.path), entry.path).toBe(entry.navigation === 'app');
  });

  it('go to the server; the pages next to them stay the app', () => {
    const json = { accept: 'application/json' };
    const html = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };
    expect(isServerDataCall('/product/12', json)).toBe(true);
    expect(isServerDataCall('/product/list', html)).toBe(false);
    expect(isServerDataCall('/product/list', json)).toBe(true);
    expect(isServerDataCall('/product/new/12', html)).toBe(false);
    expect(isServerDataCall('/product/search/pare-brise', json)).toBe(true);
    expect(isServerDataCall('/cession/12/preview', html)).toBe(true);
    expect(isServerDataCall('/company/select/3', html)).toBe(true);
    expect(isServerDataCall('/folder/list/all', json)).toBe(false);
  });
});
