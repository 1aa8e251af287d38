// `pnpm --filter api build`: compiles the API into one ES module, dist/server.js, run by plain `node`
// in production (tsx, which compiles at run time, stays for `dev` and tests). npm dependencies stay
// external and load from node_modules (PGlite finds its wasm beside itself); the workspace's
// `contracts`, which ships TypeScript sources, is compiled in.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const contracts = path.resolve(root, '../contracts/src/index.ts');

const started = Date.now();
await build({
  entryPoints: [path.join(root, 'src/server.ts')],
  outfile: path.join(root, 'dist/server.js'),
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
console.log(`api compilée dans dist/server.js (${Date.now() - started} ms)`);
