// Serves one remote's built `dist` on its own origin: how a team deploys its
// remote alone. Point that remote's entry in the shell's remotes.json here.
//   node scripts/serve-remote.mjs packages/mf-billing/dist 3102
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.html': 'text/html',
};

export function serveRemote(dir, port, host = '127.0.0.1') {
  const root = path.resolve(dir);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(root, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    let stat;
    try {
      stat = file.startsWith(root) ? statSync(file) : undefined;
    } catch {
      stat = undefined;
    }
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!stat?.isFile()) {
      res.writeHead(404).end('Not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, port] = process.argv.slice(2);
  if (!dir || !port) {
    console.error('usage: node scripts/serve-remote.mjs <dist dir> <port>');
    process.exit(2);
  }
  await serveRemote(dir, Number(port));
  console.log(`remote ${dir} on http://127.0.0.1:${port}/remoteEntry.js`);
}
