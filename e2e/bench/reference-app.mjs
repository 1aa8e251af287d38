// The reference of `pnpm bench:web`: `reference/` (ant-design-pro's table page in shape, our own code)
// installed from the npm registry and built for production in a folder of the system's temporary directory, kept
// between runs while `reference/` does not change; then served as ant-design-pro's demo is measured: scripts
// compressed with brotli and cached for good (as our server sends them), `/api/rule` answered at once.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const SOURCE = path.join(import.meta.dirname, 'reference');

/** A fingerprint of every file of `reference/`: a change rebuilds the reference. */
function fingerprint(dir) {
  const hash = createHash('sha256');
  const walk = (folder) => {
    for (const name of readdirSync(folder).sort()) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(path.relative(SOURCE, file)).update(readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 12);
}

/** Installs and builds the reference unless this very version is already built; answers its `dist` folder. */
export function buildReference() {
  const folder = path.join(tmpdir(), `garage-bench-reference-${fingerprint(SOURCE)}`);
  const dist = path.join(folder, 'dist');
  if (existsSync(path.join(dist, 'index.html'))) return dist;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  cpSync(SOURCE, folder, { recursive: true });
  const quiet = { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] };
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], quiet);
  execFileSync(process.execPath, ['build.mjs'], quiet);
  return dist;
}

const TYPES = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8', '.css': 'text/css' };
const STATUSES = ['0', '1', '2', '3'];

/** Page `current` of the demo's 100 rules, `pageSize` of them. */
function rules(current, pageSize) {
  const data = Array.from({ length: pageSize }, (_, i) => {
    const key = (current - 1) * pageSize + i + 1;
    return {
      key,
      name: `TradeCode ${key}`,
      desc: 'This is a description',
      callNo: (key * 7919) % 1000,
      status: STATUSES[key % 4],
      updatedAt: new Date(Date.UTC(2026, 10, 1 + (key % 28), 9)).toISOString(),
    };
  });
  return { data, total: 100, success: true, pageSize, current };
}

/** Serves `dist` on `port`; answers `stop()`. */
export async function serveReference(dist, port) {
  // Compressed once before the first visit, as our build writes its .br files beforehand.
  /** @type {Map<string, Buffer>} */
  const compressed = new Map(
    readdirSync(dist).map((name) => [path.join(dist, name), brotliCompressSync(readFileSync(path.join(dist, name)))]),
  );
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://reference');
    if (url.pathname === '/api/rule') {
      const body = rules(Number(url.searchParams.get('current') ?? 1), Number(url.searchParams.get('pageSize') ?? 25));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    const file = path.join(dist, path.normalize(url.pathname).replace(/^[/\\]+/, ''));
    const asset = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    // A page's path answers the app; a missing file (a source map: the reference has none) is missing.
    if (!asset && path.extname(url.pathname)) {
      response.writeHead(404).end();
      return;
    }
    const served = asset ? file : path.join(dist, 'index.html');
    const type = TYPES[path.extname(served)] ?? 'application/octet-stream';
    const hashed = asset && /\.[0-9a-f]{8}\.js$/.test(served);
    response
      .writeHead(200, {
        'content-type': type,
        'content-encoding': 'br',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      .end(compressed.get(served));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return { base: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
