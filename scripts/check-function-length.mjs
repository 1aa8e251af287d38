// Part of `pnpm lint`: functions a person can read at once. A function (declaration, arrow, method, React component)
// of more than MAX_LINES lines is refused, its parts to be split by what each does. The functions that were already
// longer when the rule came are listed in scripts/long-functions.json with their length: the list may only shrink
// (a listed function may not grow, a shorter one has its new length written, one split below the limit leaves it). Tests, stories and the demo's
// data are free. Before checking the repository the rule checks itself on a broken tree.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

export const MAX_LINES = 80;
const BASELINE = path.join(import.meta.dirname, 'long-functions.json');
const FREE = /\.(test|stories)\.tsx?$|(^|\/)api\/src\/demo\//;

function sourceFiles(root) {
  const roots = ['api/src', 'contracts/src', 'shared-ui/src', 'shell/src'];
  for (const entry of readdirSync(root)) if (entry.startsWith('mf-')) roots.push(`${entry}/src`);
  const files = [];
  const walk = (dir) => {
    let entries = [];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const dir of roots) walk(path.join(root, dir));
  return files.filter((file) => !FREE.test(path.relative(root, file).split(path.sep).join('/')));
}

/** The name a reader finds a function by: its own, its variable's, its property's, or its method's. */
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText();
  return '(anonyme)';
}

/** Every function of more than MAX_LINES lines under `root`, keyed « file › name » (a second one gets « #2 »). */
export function longFunctions(root) {
  const found = {};
  for (const file of sourceFiles(root)) {
    const shown = path.relative(root, file).split(path.sep).join('/');
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const visit = (node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node) ||
        ts.isMethodDeclaration(node)
      ) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = last - first + 1;
        if (lines > MAX_LINES) {
          let key = `${shown} › ${nameOf(node)}`;
          for (let n = 2; key in found; n += 1) key = `${shown} › ${nameOf(node)} #${n}`;
          found[key] = lines;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The problems of `found` against the `allowed` list, as French sentences. */
export function lengthProblems(found, allowed) {
  const problems = [];
  for (const [key, lines] of Object.entries(found)) {
    if (!(key in allowed)) {
      problems.push(`${key} : ${lines} lignes, plus de ${MAX_LINES} (découpez-la par ce que fait chaque partie)`);
    } else if (lines > allowed[key]) {
      problems.push(`${key} : ${lines} lignes, ${allowed[key]} au plus tant qu’elle est dans long-functions.json`);
    } else if (lines < allowed[key]) {
      // The list records each length as it is, so a function split in part cannot grow back to its old size.
      problems.push(`${key} : ${lines} lignes à noter dans long-functions.json (${allowed[key]} notées)`);
    }
  }
  for (const key of Object.keys(allowed)) {
    if (!(key in found)) problems.push(`${key} : ${MAX_LINES} lignes ou moins, ôtez-la de long-functions.json`);
  }
  return problems;
}

function selfTest() {
  const root = mkdtempSync(path.join(tmpdir(), 'function-length-'));
  const write = (file, code) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), code);
  };
  const body = (n) => '  x += 1;\n'.repeat(n);
  try {
    write('api/src/a.ts', `export function long() {\n  let x = 0;\n${body(MAX_LINES)}  return x;\n}\n`);
    write('api/src/b.ts', `export const listed = () => {\n${body(MAX_LINES + 5)}};\n`);
    write('api/src/d.ts', `export const shorter = () => {\n${body(MAX_LINES + 5)}};\n`);
    write('api/src/a.test.ts', `export function free() {\n${body(MAX_LINES * 2)}}\n`);
    write('mf-x/src/C.tsx', `export function Short() {\n  return null;\n}\n`);
    const found = longFunctions(root);
    const problems = lengthProblems(found, {
      'api/src/b.ts › listed': MAX_LINES + 2,
      'api/src/d.ts › shorter': MAX_LINES + 9,
      'mf-x/src/C.tsx › Short': 90,
    });
    const expected = [
      `api/src/a.ts › long : ${MAX_LINES + 4} lignes, plus de ${MAX_LINES} (découpez-la par ce que fait chaque partie)`,
      `api/src/b.ts › listed : ${MAX_LINES + 7} lignes, ${MAX_LINES + 2} au plus tant qu’elle est dans long-functions.json`,
      `api/src/d.ts › shorter : ${MAX_LINES + 7} lignes à noter dans long-functions.json (${MAX_LINES + 9} notées)`,
      `mf-x/src/C.tsx › Short : ${MAX_LINES} lignes ou moins, ôtez-la de long-functions.json`,
    ];
    if (JSON.stringify(problems) !== JSON.stringify(expected)) {
      throw new Error(`La règle de longueur ne trouve plus ce qu'elle nomme :\n${problems.join('\n')}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  selfTest();
  const root = path.resolve(import.meta.dirname, '..');
  const found = longFunctions(root);
  if (process.argv.includes('--write-baseline')) {
    writeFileSync(BASELINE, `${JSON.stringify(found, null, 2)}\n`);
    console.log(`${Object.keys(found).length} fonctions de plus de ${MAX_LINES} lignes écrites dans ${BASELINE}`);
    process.exit(0);
  }
  const problems = lengthProblems(found, JSON.parse(readFileSync(BASELINE, 'utf8')));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(
    `Longueur des fonctions : conforme (${Object.keys(found).length} de plus de ${MAX_LINES} lignes, en baisse seulement).`,
  );
}
