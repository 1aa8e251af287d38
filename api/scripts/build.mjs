// `pnpm --filter api build`: compiles the API into one ES module, dist/server.js, run by plain `node`
// (and the browser tests' server, test-support/server.ts, into dist-test/server.js)
// in production (tsx, which compiles at run time, stays for `dev` and tests). npm dependencies stay
// external and load from node_modules (PGlite finds its wasm beside itself); the workspace's
// `contracts`, which ships TypeScript sources, is compiled in.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const contracts = path.resolve(root, '../contracts/src/index.ts');

/** One entry compiled to one file: the product, or the browser tests' server (the product plus test-only routes). */
const compile = (entry, outfile) =>
  build({
    entryPoints: [path.join(root, entry)],
    outfile: path.join(root, outfile),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'workspace-contracts',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^contracts$/ }, () => ({ path: contracts }));
        },
      },
    ],
  });

const started = Date.now();
// Two separate folders: a release copies dist/ alone, which cannot hold a test route (test/system/release.test.ts).
await compile('src/server.ts', 'dist/server.js');
await compile('test-support/server.ts', 'dist-test/server.js');
console.log(`api compilée dans dist/server.js et dist-test/server.js (${Date.now() - started} ms)`);
