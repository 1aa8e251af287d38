// The conventions of the sources inside each package (docs/architecture.md « Front-end conventions »), checked by
// `scripts/check-boundaries.mjs` in `pnpm lint`:
// - a feature of an app (`src/features/<feature>/`) never imports another feature: what two features share moves to
//   the app's `src/components/`, `src/api/` or `src/lib/` (or to shared-ui);
// - a hook (`use-*.ts`) lives in a `hooks/` folder;
// - no two source files import each other, directly or through others (type-only imports apart);
// - server state goes through the query cache (shared-ui's useApiQuery, useInvalidate): no hand-written loader
//   (`useRemoteData`), no `reload()` of a read, no table remounted to refresh it (`key={version}`), no freshness
//   event (`folder:updated`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const RUNTIME_IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+['"](\.[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx'];
const isTest = (file) => /\.(test|stories)\.tsx?$/.test(file);
const HOOK_FILE = /^use-[a-z0-9-]+\.tsx?$/;
/** Server state written by hand, and what to use instead. */
const BY_HAND = [
  [/\buseRemoteData\b/, 'useRemoteData : lisez avec useApiQuery'],
  [/(?<!location)\.reload\(\)/, 'reload() : relisez avec refetch(), ou invalidez le chemin modifié (useInvalidate)'],
  [/\bkey=\{[^}]*\bversion\b/i, 'key={version} : invalidez le chemin de la liste au lieu de la remonter'],
  [/'folder:updated'/, 'folder:updated : invalidez folderApiPaths(dossier)'],
];

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The feature folder a file belongs to, or undefined outside `src/features/`. */
function featureOf(src, file) {
  const [first, second] = path.relative(src, file).split(path.sep);
  return first === 'features' ? second : undefined;
}

/** A cycle of the graph (node → its imports) as « a → b → a », or undefined; the same graph gives the same cycle. */
export function findCycle(graph) {
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/** The problems of the package `pkg` under `root`, as French sentences naming the file. */
export function checkSourceRules(root, pkg) {
  const src = path.join(root, pkg, 'src');
  const problems = [];
  const graph = new Map();
  const withFeatures = pkg === 'shell' || pkg.startsWith('mf-');
  for (const file of sourceFiles(src)) {
    const shown = path.relative(root, file);
    if (HOOK_FILE.test(path.basename(file)) && path.basename(path.dirname(file)) !== 'hooks') {
      problems.push(`${shown} : un hook va dans un dossier hooks/`);
    }
    const code = readFileSync(file, 'utf8');
    if (!isTest(file)) {
      for (const [pattern, message] of BY_HAND) if (pattern.test(code)) problems.push(`${shown} : ${message}`);
    }
    const imports = new Set();
    for (const [, specifier] of code.matchAll(RUNTIME_IMPORT)) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      const [from, to] = [featureOf(src, file), featureOf(src, target)];
      if (withFeatures && from && to && from !== to) {
        problems.push(`${shown} : la fonctionnalité ${from} importe la fonctionnalité ${to} (« ${specifier} »)`);
      }
      if (!isTest(file)) imports.add(path.relative(root, target));
    }
    if (!isTest(file)) graph.set(shown, imports);
  }
  const cycle = findCycle(graph);
  if (cycle) problems.push(`${pkg} : fichiers importés en cycle (${cycle.join(' → ')})`);
  return problems;
}

/** A broken tree and the problems the rules must find in it (checked by check-boundaries' self-test). */
export const BROKEN_SOURCES = {
  files: {
    'mf-a/src/features/one/components/One.tsx': "import { two } from '../../two/api/two';\nexport const One = two;\n",
    'mf-a/src/features/two/api/two.ts': 'export const two = 2;\n',
    'mf-a/src/features/one/use-thing.ts': 'export const useThing = () => 1;\n',
    'mf-a/src/lib/a.ts': "import { b } from './b';\nexport const a = b;\n",
    'mf-a/src/lib/b.ts': "import { a } from './a';\nexport const b = a;\n",
    'mf-a/src/components/List.tsx':
      "const list = useRemoteData(load);\nlist.reload();\nexport const L = <T key={version} />;\nbus.on('folder:updated');\nwindow.location.reload();\n",
  },
  problems: [
    'mf-a/src/components/List.tsx : useRemoteData : lisez avec useApiQuery',
    'mf-a/src/components/List.tsx : reload() : relisez avec refetch(), ou invalidez le chemin modifié (useInvalidate)',
    'mf-a/src/components/List.tsx : key={version} : invalidez le chemin de la liste au lieu de la remonter',
    'mf-a/src/components/List.tsx : folder:updated : invalidez folderApiPaths(dossier)',
    'mf-a/src/features/one/components/One.tsx : la fonctionnalité one importe la fonctionnalité two (« ../../two/api/two »)',
    'mf-a/src/features/one/use-thing.ts : un hook va dans un dossier hooks/',
    'mf-a : fichiers importés en cycle (mf-a/src/lib/a.ts → mf-a/src/lib/b.ts → mf-a/src/lib/a.ts)',
  ],
};
