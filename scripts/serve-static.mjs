// The one small static file server of the repository: serves a built folder
// with CORS. Used to deploy a remote on its own origin, by the browser tests
// (a remote that goes down and comes back) and by the Storybook check.
//   node scripts/serve-static.mjs mf-billing/dist 3102
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

function fileFor(root, urlPath) {
  const relative = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const file = path.join(root, relative === '/' ? 'index.html' : relative);
  if (!file.startsWith(root)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Serves `dir` on `port` (0 = any free port); resolves with the listening server. */
export function serveStatic(dir, port, host = '127.0.0.1') {
  const root = path.resolve(dir);
  const server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://x').pathname;
    const file = fileFor(root, urlPath);
    res.setHeader('Access-Control-Allow-Origin', '*');
    // No favicon is not an error worth a console message in the checks.
    if (!file && urlPath === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (!file) {
      res.writeHead(404).end('Not found');
      return;
    }
    // Like a real static host: the .br/.gz the build wrote beside each asset, when the browser takes them.
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = ['br', 'gzip'].find(
      (name) => accepted.includes(name) && fileFor(root, `${urlPath}.${name === 'br' ? 'br' : 'gz'}`),
    );
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
    });
    createReadStream(encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, port] = process.argv.slice(2);
  if (!dir || !port) {
    console.error('usage: node scripts/serve-static.mjs <dist dir> <port>');
    process.exit(2);
  }
  await serveStatic(dir, Number(port));
  console.log(`${dir} on http://127.0.0.1:${port}/`);
}
