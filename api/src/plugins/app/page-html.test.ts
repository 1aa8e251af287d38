import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServedRemotes } from 'contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageHtml } from './page-html';

const staticDir = mkdtempSync(join(tmpdir(), 'page-html-'));
const shellDist = join(staticDir, 'shell', 'dist');
mkdirSync(shellDist, { recursive: true });
writeFileSync(
  join(shellDist, 'index.html'),
  '<!doctype html><html><head><title>Shell</title></head><body></body></html>',
);
writeFileSync(
  join(shellDist, 'preload.json'),
  JSON.stringify({ login: ['login.1.js', 'framework.2.js'], app: ['framework.2.js', 'design-system.3.js'] }),
);
for (const [dir, exposes] of [
  ['mf-billing', [{ name: 'routes', assets: { js: { sync: ['__federation_expose_routes.4.js'] } } }]],
  ['mf-notifications', [{ name: 'NotificationBell', assets: { js: { sync: ['bell.5.js'] } } }]],
] as const) {
  mkdirSync(join(staticDir, dir, 'dist'), { recursive: true });
  writeFileSync(join(staticDir, dir, 'dist', 'mf-manifest.json'), JSON.stringify({ exposes }));
}
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const DOCS_ENTRY = 'https://docs.example.fr/remoteEntry.js?</script><script>alert(1)</script>';
let served: ServedRemotes = {
  mf_billing: { entry: '/mf/billing/remoteEntry.js' },
  mf_notifications: { entry: '/mf/notifications/remoteEntry.js' },
  mf_docs: { entry: DOCS_ENTRY },
};
let revision = 0;
const pageHtml = createPageHtml({
  shellIndex: join(shellDist, 'index.html'),
  staticDir,
  remotes: { served: () => served, revision: () => revision },
});
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1] ?? '');

const reads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map(
    (m) => m[1] ?? '',
  );

describe('the page HTML', () => {
  it('asks the first reads of every product page for an open session only', () => {
    expect(reads(pageHtml('/quotation/list/invoice', 'signed-in'))).toEqual(['/api/config', '/api/company/infos']);
    expect(reads(pageHtml('/', 'sent-elsewhere'))).toEqual(['/api/config', '/api/company/infos']);
    // Signed out, or a session to renew first: they would be refused.
    expect(reads(pageHtml('/quotation/list/invoice', 'signed-out'))).toEqual([]);
    expect(reads(pageHtml('/login', 'signed-out'))).toEqual([]);
    // Nothing there reads them: the browser would warn of an unused preload.
    expect(reads(pageHtml('/login', 'signed-in'))).toEqual([]);
    expect(reads(pageHtml('/logout', 'signed-in'))).toEqual([]);
    expect(reads(pageHtml('/quotation/list/invoice', 'unchecked'))).toEqual([]);
    // …whose page's code is still preloaded.
    expect(preloads(pageHtml('/quotation/list/invoice', 'unchecked'))).toContain('/mf/billing/remoteEntry.js');
  });

  it('inlines the remotes manifest, escaped so it cannot close its script element', () => {
    const html = pageHtml('/login', 'signed-out');
    const inline = html.match(/<script type="application\/json" id="remotes-manifest">(.*?)<\/script>/)?.[1] ?? '';
    expect(inline).not.toContain('</script>');
    expect(JSON.parse(inline)).toEqual(served);
  });

  it('preloads only the login bundle on /login', () => {
    expect(preloads(pageHtml('/login', 'signed-out'))).toEqual(['/login.1.js', '/framework.2.js']);
  });

  it("preloads the shell, the page's remote and the bell's remote on a product page", () => {
    expect(preloads(pageHtml('/quotation/list/invoice', 'signed-in'))).toEqual([
      '/framework.2.js',
      '/design-system.3.js',
      '/mf/billing/remoteEntry.js',
      '/mf/billing/__federation_expose_routes.4.js',
      '/mf/notifications/remoteEntry.js',
      '/mf/notifications/bell.5.js',
    ]);
  });

  it('preloads no page of a remote for someone the shell sends elsewhere (the accountant at /)', () => {
    expect(preloads(pageHtml('/', 'sent-elsewhere'))).toEqual([
      '/framework.2.js',
      '/design-system.3.js',
      '/mf/notifications/remoteEntry.js',
      '/mf/notifications/bell.5.js',
    ]);
  });

  it('preloads only the entry of a remote deployed on another origin', () => {
    const files = preloads(pageHtml('/docs', 'signed-in'));
    expect(files).toContain(DOCS_ENTRY);
    expect(files.filter((file) => file.startsWith('https://'))).toHaveLength(1);
  });

  it('preloads nothing of the product for someone signed out (they are sent to /login)', () => {
    expect(preloads(pageHtml('/quotation/list/invoice', 'signed-out'))).toEqual([]);
  });

  it('preloads nothing of a refused remote, and draws the page again when a verdict changes', () => {
    served = { ...served, mf_billing: { entry: '/mf/billing/remoteEntry.js', refused: 'mf_billing demande dayjs' } };
    revision += 1;
    const html = pageHtml('/quotation/list/invoice', 'signed-in');
    expect(preloads(html).filter((file) => file.startsWith('/mf/billing/'))).toEqual([]);
    expect(html).toContain('mf_billing demande dayjs');
  });
});
