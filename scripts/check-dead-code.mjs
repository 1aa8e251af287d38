// Dead code: `pnpm lint` runs knip (knip.json: each app's entries, its federation exposes, tests and scripts) and
// fails on a source file nothing imports, an export nothing uses and an exported type nothing reads. Before checking
// the repository it checks itself on a deliberately broken workspace, so a knip that stopped finding anything (a
// moved config, an upgrade) fails instead of passing quietly.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const KNIP = path.join(ROOT, 'node_modules', '.bin', 'knip');
const ARGS = ['--no-progress', '--no-config-hints', '--include', 'files,exports,types'];

/** @param {string} cwd */
const knip = (cwd) => spawnSync(KNIP, ARGS, { cwd, encoding: 'utf8' });

/** A workspace with one file nothing imports, one unused export and one unused exported type. */
function brokenWorkspace() {
  const dir = mkdtempSync(path.join(tmpdir(), 'dead-code-'));
  const write = (/** @type {string} */ file, /** @type {string} */ text) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('package.json', JSON.stringify({ name: 'broken', private: true, type: 'module' }));
  write('knip.json', JSON.stringify({ entry: ['src/index.ts'], project: ['src/**/*.ts'] }));
  write('src/index.ts', "import { used } from './lib';\nconsole.log(used);\n");
  write('src/lib.ts', 'export const used = 1;\nexport const forgotten = 2;\nexport type Forgotten = number;\n');
  write('src/orphan.ts', 'export const nobody = 3;\n');
  return dir;
}

const broken = brokenWorkspace();
try {
  const result = knip(broken);
  const found = `${result.stdout}${result.stderr}`;
  const expected = ['src/orphan.ts', 'forgotten', 'Forgotten'];
  if (result.status === 0 || expected.some((name) => !found.includes(name))) {
    console.error(`Contrôle du code mort : l’arbre cassé exprès aurait dû signaler ${expected.join(', ')}.\n${found}`);
    process.exit(1);
  }
} finally {
  rmSync(broken, { recursive: true, force: true });
}

const result = knip(ROOT);
if (result.status !== 0) {
  console.error(`${result.stdout}${result.stderr}`);
  console.error('Code mort : retirez ces fichiers et exports inutilisés (ou déclarez une entrée dans knip.json).');
  process.exit(1);
}
console.log('Code mort : aucun fichier, export ni type inutilisé.');
