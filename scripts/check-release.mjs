// The release an operator runs (`pnpm release`), checked as an operator would use it: unpacked into an empty folder
// outside the repository, its first administrator created with its own command, started with Node against a fresh
// PostgreSQL, then signed in (password chosen through the link, second factor enrolled) and a page loaded. Run by
// `pnpm test` after the build. Under a throw-away PostgreSQL (api/scripts/with-postgres.sh) it runs itself again
// with RELEASE_DIR set: that second run is the check proper.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './lib.mjs';
import { release } from './release.mjs';

const PORT = 4391;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'direction@reseau-livraison.fr', password: 'Livraison-2026!' };

if (!process.env.RELEASE_DIR) {
  const { archive, name } = release({ skipBuild: true });
  const work = mkdtempSync(path.join(tmpdir(), 'garage-release-'));
  try {
    const tar = spawnSync('tar', ['-xzf', archive, '-C', work], { stdio: 'inherit' });
    if (tar.status !== 0) throw new Error('archive illisible');
    run(
      'La livraison démarre hors du dépôt sur un PostgreSQL neuf',
      `bash api/scripts/with-postgres.sh node scripts/check-release.mjs`,
      { RELEASE_DIR: path.join(work, name), PGPORT: '55441' },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else {
  await checkRelease(process.env.RELEASE_DIR);
}

function fail(message) {
  throw new Error(`Livraison : ${message}`);
}

/** The environment an operator would write in .env: nothing of the repository's. */
function operatorEnv() {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: process.env.DATABASE_URL,
    PUBLIC_URL: BASE,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
  };
}

async function waitUntilReady(server) {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (server.exitCode !== null) fail(`le serveur s’est arrêté (code ${server.exitCode})`);
    try {
      if ((await fetch(`${BASE}/api/health/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail('le serveur ne répond pas prêt après 2 minutes');
}

/** A small browser: the session cookies kept from answer to answer, the Origin the CSRF check wants. */
function client() {
  const cookies = new Map();
  return async (method, url, body) => {
    const response = await fetch(`${BASE}${url}`, {
      method,
      headers: {
        origin: BASE,
        accept: url.startsWith('/api') ? 'application/json' : 'text/html',
        ...(body ? { 'content-type': 'application/json' } : {}),
        cookie: [...cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
}

async function signIn(releaseDir, call, link) {
  const token = link.split('/').pop();
  const activated = await call('POST', `/api/activation/${token}`, {
    password: ADMIN.password,
    confirmation: ADMIN.password,
  });
  if (!activated.ok) fail(`activation refusée (${activated.status} ${await activated.text()})`);
  const login = await (await call('POST', '/api/login', ADMIN)).json();
  // The network's head must sign in with a second factor: enrolled as its authenticator app would (its own otpauth).
  if (login.step !== 'enrol') fail(`connexion : étape « ${login.step} » au lieu de l’enrôlement du second facteur`);
  const { TOTP } = createRequire(path.join(releaseDir, 'api', 'package.json'))('otpauth');
  const code = new TOTP({ secret: login.secret }).generate();
  const session = await call('POST', '/api/login/second-factor', { challenge: login.challenge, code });
  if (!session.ok) fail(`second facteur refusé (${session.status} ${await session.text()})`);
}

async function checkRelease(releaseDir) {
  const env = operatorEnv();
  const created = spawnSync(
    path.join(releaseDir, 'command.sh'),
    [
      'admin-create',
      '--email',
      ADMIN.email,
      '--network',
      'Réseau de la livraison',
      '--firstname',
      'Jeanne',
      '--name',
      'Martin',
    ],
    { cwd: releaseDir, env, encoding: 'utf8' },
  );
  if (created.status !== 0) fail(`admin-create a échoué : ${created.stderr}${created.stdout}`);
  const link = created.stdout.match(/https?:\/\/\S+\/activate\/\S+/)?.[0] ?? fail(`aucun lien : ${created.stdout}`);

  const server = spawn(path.join(releaseDir, 'start.sh'), [], { cwd: releaseDir, env, stdio: 'inherit' });
  try {
    await waitUntilReady(server);
    const call = client();
    await signIn(releaseDir, call, link);
    const infos = await call('GET', '/api/company/infos');
    if (!infos.ok) fail(`/api/company/infos : ${infos.status}`);
    const { company } = await infos.json();
    const setup = await call('GET', `/api/company/${company.id}/setup`);
    if (!setup.ok) fail(`« Mise en route » : ${setup.status}`);
    const page = await call('GET', '/company/setup');
    const html = await page.text();
    if (!page.ok || !html.includes('<div id="root"'))
      fail(`la page /company/setup ne sert pas l’application (${page.status})`);
    const remote = await call('GET', '/mf/franchise/remoteEntry.js');
    if (!remote.ok) fail(`le front mf-franchise n’est pas servi (${remote.status})`);
    // A production start plants no demo: the only account is the administrator's.
    const demo = await call('POST', '/api/login', { email: 'poseur.admin@demo.garage.fr', password: 'Garage2026!' });
    if (demo.status !== 401) fail(`un compte de démonstration répond (${demo.status})`);
    console.log(
      `Livraison vérifiée : ${path.basename(releaseDir)} démarrée hors du dépôt, « ${company.name} » créée, administrateur connecté, /company/setup servie.`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}
