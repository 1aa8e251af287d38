// The API's one esbuild set-up, shared by `pnpm --filter api build` (scripts/build.mjs) and the operator commands'
// runner (scripts/run-command.mjs). Each entry becomes one ES module run by plain `node`: npm dependencies stay
// external and load from node_modules (PGlite finds its wasm beside itself); the workspace's `contracts`, which ships
// TypeScript sources, is compiled in.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const contracts = path.resolve(root, '../contracts/src/index.ts');

/**
 * The operator commands (README « Exploitation »): scripts/<name>.ts compiled to dist/scripts/<name>.js, so that a
 * production install, which has no tsx, runs them.
 */
export const COMMANDS = ['admin-create', 'backup', 'restore', 'integrity-check', 'fec-check', 'verify-archive'];

/** One entry of the API folder compiled to one file. */
export const compile = (entry, outfile) =>
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

/** Where an operator command is compiled to, relative to the API folder. */
export const commandFile = (name) => `dist/scripts/${name}.js`;

export const compileCommand = (name) => compile(`scripts/${name}.ts`, commandFile(name));
