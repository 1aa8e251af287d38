// Remotes deployed alone from a "later commit" (e2e/fixtures): builds them against the shell `pnpm build` made,
// serves each on its own origin, and starts a second production server listing them (tests/remote-compat.spec.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, runUntilStopped, startProductionServer } from './production-server.mjs';

export const COMPAT_PORT = 3101;
const BILLING_NEXT_PORT = 3198;
const DOCS_INCOMPATIBLE_PORT = 3197;
const fixtures = path.join(ROOT, 'e2e', 'fixtures');
const out = path.join(ROOT, '.cache', 'fixtures');
mkdirSync(out, { recursive: true });

/** Builds a fixture with the app's own rspack, checked against the deployed shell's capabilities. */
function build(app, fixture, env = {}) {
  const result = spawnSync(
    'pnpm',
    ['--filter', app, 'exec', 'rspack', 'build', '-c', path.join(fixtures, fixture, 'rspack.config.mjs')],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        MF_HOST_CAPABILITIES: path.join(ROOT, 'shell', 'dist', 'host-capabilities.json'),
        ...env,
      },
    },
  );
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

const billing = build('mf-billing', 'billing-next');
if (billing.status !== 0) {
  console.error(billing.output);
  throw new Error('billing-next ne se construit pas');
}
// The remote's build refuses what the deployed shell would refuse; the spec reads why.
const refused = build('mf-docs', 'docs-incompatible');
writeFileSync(path.join(out, 'docs-incompatible-build.log'), refused.output);
if (refused.status === 0) throw new Error('docs-incompatible aurait dû être refusé à la construction');
// Deployed anyway (a team forcing it): the server must refuse it at load.
const forced = build('mf-docs', 'docs-incompatible', { MF_COMPAT: 'warn' });
if (forced.status !== 0) {
  console.error(forced.output);
  throw new Error('docs-incompatible ne se construit pas avec MF_COMPAT=warn');
}

const serve = (dir, port) =>
  spawn('node', [path.join(ROOT, 'scripts', 'serve-static.mjs'), path.join(out, dir), String(port)], {
    stdio: 'ignore',
  });
runUntilStopped([
  serve('billing-next', BILLING_NEXT_PORT),
  serve('docs-incompatible', DOCS_INCOMPATIBLE_PORT),
  startProductionServer({
    port: COMPAT_PORT,
    remotes: {
      mf_billing: `http://127.0.0.1:${BILLING_NEXT_PORT}/remoteEntry.js`,
      mf_docs: `http://127.0.0.1:${DOCS_INCOMPATIBLE_PORT}/remoteEntry.js`,
    },
  }),
]);
