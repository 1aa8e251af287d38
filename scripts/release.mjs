// `pnpm release`: one self-contained folder, and its .tar.gz, that an operator copies to a server and starts with Node
// against its PostgreSQL; nothing else of the repository is needed there. Layout (the repository's, so that the
// server finds everything where it looks in development):
//   garage-back-office-<revision>/
//     api/            compiled server (dist/server.js), operator commands (dist/scripts/), migrations (drizzle/),
//                     fonts (assets/), production dependencies only (node_modules/, from the lockfile)
//     shell/dist/, mf-*/dist/   the production front ends
//     start.sh        starts the server (NODE_ENV=production, the environment of .env when present)
//     command.sh      runs an operator command: ./command.sh admin-create --email … --network …
//     env.example     the environment to fill in (README « Exploitation »)
// `--skip-build` reuses the build already made (the test command builds once, then checks the release).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gitRevision, ROOT, run } from './lib.mjs';

const FRONT_ENDS = ['shell', ...readdirSync(ROOT).filter((name) => name.startsWith('mf-'))].sort();
// What the deployed API folder keeps: the rest (sources, tests, benches, tool configs) serves development only.
const API_KEEPS = new Set(['package.json', 'dist', 'drizzle', 'assets', 'node_modules', 'README.md']);

const START = `#!/bin/sh
# Starts the garage back-office: migrations run first, then the server listens on PORT (4000).
# The environment comes from the process, then from .env beside this file (see env.example).
set -e
here=$(cd "$(dirname "$0")" && pwd)
if [ -f "$here/.env" ]; then set -a; . "$here/.env"; set +a; fi
export NODE_ENV=production
cd "$here/api"
exec node --enable-source-maps dist/server.js
`;

const COMMAND = `#!/bin/sh
# An operator command of the garage back-office, with the environment of .env:
#   ./command.sh admin-create --email direction@mon-reseau.fr --network "Mon réseau"
#   ./command.sh integrity-check | fec-check | verify-archive | backup | restore
set -e
here=$(cd "$(dirname "$0")" && pwd)
name=$1
[ -n "$name" ] && [ -f "$here/api/dist/scripts/$name.js" ] || {
  echo "Commande inconnue « $name » : $(cd "$here/api/dist/scripts" && ls *.js | sed 's/\\.js$//' | tr '\\n' ' ')" >&2
  exit 2
}
shift
if [ -f "$here/.env" ]; then set -a; . "$here/.env"; set +a; fi
export NODE_ENV=production
cd "$here/api"
exec node --enable-source-maps "dist/scripts/$name.js" "$@"
`;

const ENV_EXAMPLE = `# The garage back-office's environment (every variable: api/README.md « Environment »). Copy to .env and fill in.
# PostgreSQL of the garage network (migrations run at each start).
DATABASE_URL=postgres://garage:motdepasse@127.0.0.1:5432/garage
# The address staff open: links e-mailed (activation, invitations) point there.
PUBLIC_URL=https://garage.example.fr
# Behind HTTPS: cookies marked Secure. The proxy that terminates TLS, to believe its X-Forwarded-* headers.
COOKIE_SECURE=true
TRUST_PROXY=127.0.0.1
HOST=127.0.0.1
PORT=4000
# Secrets kept beside the data when absent; with several instances, give every instance the same ones.
# SESSION_SECRET=
# SECRETS_KEY=
# ARCHIVE_SIGNING_KEY=
# The server-wide mail and SMS fallback (each garage may set its own in the product).
# SMTP_URL=smtp://utilisateur:motdepasse@smtp.example.fr:587
# MAIL_FROM="Garage" <no-reply@garage.example.fr>
# SMS_API_KEY=
# Prometheus metrics at /api/metrics for this bearer token.
# METRICS_TOKEN=
`;

function deployApi(target) {
  // The API with its production dependencies, as the lockfile pins them, hard-linked from pnpm's store.
  run(
    'API et dépendances de production (pnpm deploy)',
    `pnpm --filter api deploy --prod --prefer-offline --config.allow-unused-patches=true "${target}"`,
  );
  for (const entry of readdirSync(target)) {
    if (!API_KEEPS.has(entry)) rmSync(path.join(target, entry), { recursive: true, force: true });
  }
  // The browser tests' server, compiled beside the product's, never ships.
  rmSync(path.join(target, 'dist-test'), { recursive: true, force: true });
}

export function release({ skipBuild = false, outDir = path.join(ROOT, 'release') } = {}) {
  if (!skipBuild) run('Build de production', 'pnpm build');
  const name = `garage-back-office-${gitRevision()}`;
  const folder = path.join(outDir, name);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  deployApi(path.join(folder, 'api'));
  for (const app of FRONT_ENDS) {
    const dist = path.join(ROOT, app, 'dist');
    if (!existsSync(dist)) throw new Error(`${app}/dist manque : lancez pnpm build`);
    cpSync(dist, path.join(folder, app, 'dist'), { recursive: true });
  }
  writeFileSync(path.join(folder, 'start.sh'), START);
  writeFileSync(path.join(folder, 'command.sh'), COMMAND);
  chmodSync(path.join(folder, 'start.sh'), 0o755);
  chmodSync(path.join(folder, 'command.sh'), 0o755);
  writeFileSync(path.join(folder, 'env.example'), ENV_EXAMPLE);
  const archive = `${folder}.tar.gz`;
  const tar = spawnSync('tar', ['-czf', archive, '-C', outDir, name], { stdio: 'inherit' });
  if (tar.status !== 0) throw new Error('archive non écrite');
  console.log(`\nLivraison prête : ${path.relative(ROOT, folder)}/ et ${path.relative(ROOT, archive)}`);
  return { folder, archive, name };
}

if (import.meta.url === `file://${process.argv[1]}`) release({ skipBuild: process.argv.includes('--skip-build') });
