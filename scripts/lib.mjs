// Small helpers shared by the start, test and dev scripts (Node built-ins only:
// they run before dependencies are installed).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Runs a command in the repo root, streaming its output; exits the script on failure. */
export function run(title, command, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}\n  $ ${command}`);
  const result = spawnSync(command, { cwd: ROOT, stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} a échoué (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

export function installDependencies() {
  run('Installation des dépendances', 'pnpm install --frozen-lockfile --prefer-offline', {
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Chromium and PostgreSQL come from Debian: the test browsers never download their own. So does xmllint, which
 * checks the e-invoices against the official schemas (the Schematron rules run with SaxonJS, from npm).
 */
export function installSystemPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!existsSync('/usr/lib/postgresql') || !has('pg_ctlcluster')) missing.push('postgresql');
  if (!has('xmllint')) missing.push('libxml2-utils');
  if (missing.length === 0) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(
    `Installation de ${missing.join(', ')} (Debian)`,
    `${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${missing.join(' ')}`,
    {
      DEBIAN_FRONTEND: 'noninteractive',
    },
  );
}

export function gitRevision() {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}
