import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { BELL_SLOT, findPage, isSignedOutPath, type RemoteName } from 'contracts';
import type { RemoteAdmission } from '../../lib/remotes';

/** `preload.json` written by the shell's build (rspack-config/preload-manifest-plugin.mjs). */
interface ShellPreloads {
  login: string[];
  app: string[];
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const preloadTag = (href: string) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`;

/** The JS files of a remote's exposed module, from its mf-manifest.json, as URLs beside its entry. */
function exposedFiles(staticDir: string, remote: RemoteName, entry: string, module: string): string[] {
  // Only remotes this server serves have their manifest at hand; a remote deployed elsewhere gets its entry preloaded.
  if (!entry.startsWith('/mf/')) return [];
  const manifestFile = join(staticDir, remote.replace(/^mf_/, 'mf-'), 'dist', 'mf-manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    exposes?: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const exposed = manifest.exposes?.find((item) => item.name === module);
  return (exposed?.assets.js.sync ?? []).map((file) => posix.join(posix.dirname(entry), file));
}

/**
 * Who opens a page, as far as preloading goes: someone signed out (sent to /login), someone whose roles open it, or
 * someone the shell will send elsewhere (the accountant at `/`, whose home is the invoice list): preloading that
 * page's remote would only make the browser warn that what it was told to fetch went unused. `unchecked`: a session
 * not read (a page of the shell's own), not read in time, or whose access window closed (an idle tab reloaded, which
 * the shell renews before it reads anything): the page's code is preloaded, none of its data.
 */
export type PageVisitor = 'signed-out' | 'signed-in' | 'sent-elsewhere' | 'unchecked';

/**
 * What every product page reads first, before anything of its own (the partner hosts, then the session's garages):
 * asked by the HTML, they leave while the JS is still arriving instead of after it ran. The unread counts are not
 * among them: the bell reads them once its event stream is registered, so that nothing written meanwhile is missed.
 */
export const FIRST_READS = ['/api/config', '/api/company/infos'] as const;

// Same origin, with the session's cookie: as the HTTP client asks them, so the browser hands it this very answer.
const readTag = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;

/**
 * The shell's index.html as sent for one page: the remotes manifest inlined (the shell reads it instead of
 * fetching /remotes.json) and `<link rel="preload">` for every JS file the page will need (the shell's
 * chunks, the page's remote and the bell's), so the browser fetches them at once instead of discovering
 * them one after the other. Computed once per path and kept.
 */
export function createPageHtml(options: {
  shellIndex: string;
  staticDir: string;
  remotes: Pick<RemoteAdmission, 'served' | 'revision'>;
}): (path: string, visitor: PageVisitor) => string {
  const template = readFileSync(options.shellIndex, 'utf8');
  const preloadFile = join(dirname(options.shellIndex), 'preload.json');
  const shell: ShellPreloads = existsSync(preloadFile)
    ? JSON.parse(readFileSync(preloadFile, 'utf8'))
    : { login: [], app: [] };
  const slotFiles = new Map<string, string[]>();
  // A refused remote is never loaded: nothing of it is preloaded.
  const remoteFiles = (remote: RemoteName, module: string) => {
    const key = `${remote}/${module}`;
    let files = slotFiles.get(key);
    if (!files) {
      const served = options.remotes.served()[remote];
      files =
        served && !served.refused
          ? [served.entry, ...exposedFiles(options.staticDir, remote, served.entry, module)]
          : [];
      slotFiles.set(key, files);
    }
    return files;
  };
  const cache = new Map<string, string>();
  let revision = options.remotes.revision();

  return (path, visitor) => {
    const served = options.remotes.served();
    if (options.remotes.revision() !== revision) {
      // A remote was redeployed, admitted or refused since: draw every page again.
      revision = options.remotes.revision();
      cache.clear();
      slotFiles.clear();
    }
    const key = `${visitor}:${path}`;
    const cached = cache.get(key);
    if (cached) return cached;
    let files: string[] = [];
    if (path === '/login') files = shell.login.map((file) => `/${file}`);
    // Someone signed out is sent to /login: preloading the product for them would be wasted.
    else if (visitor !== 'signed-out') {
      const page = visitor === 'sent-elsewhere' ? undefined : findPage(path);
      const slots: [RemoteName, string][] = [[BELL_SLOT.remote, BELL_SLOT.module]];
      if (page) slots.unshift([page.remote, 'routes']);
      files = [
        ...shell.app.map((file) => `/${file}`),
        ...slots.flatMap(([remote, module]) => remoteFiles(remote, module)),
      ];
    }
    const manifestTag = `<script type="application/json" id="remotes-manifest">${escapeJson(served)}</script>`;
    // A session to renew would only be refused them (the shell renews it first, then reads).
    const reads =
      (visitor === 'signed-in' || visitor === 'sent-elsewhere') && !isSignedOutPath(path) && path !== '/logout'
        ? FIRST_READS.map(readTag)
        : [];
    const head = [manifestTag, ...reads, ...[...new Set(files)].map(preloadTag)].join('');
    const html = template.replace('</head>', `${head}</head>`);
    if (cache.size < 500) cache.set(key, html);
    return html;
  };
}
