// The layout rules of the API's modules (docs/architecture.md « Where a thing goes in the API »), checked by
// `scripts/check-boundaries.mjs` in `pnpm lint`:
// - every folder of api/src/modules has an index.ts that names the URL prefixes it owns (`URL_PREFIXES`);
// - a path belongs to the module whose prefix is its longest, so its route is written in that module's folder;
// - a route file is HTTP only: no SQL builder, no schema, no transaction (those live in repositories and services);
// - modules do not import each other in a cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findCycle } from './source-rules.mjs';

const MODULES_DIR = path.join('api', 'src', 'modules');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const ROUTE_FILE = /(?:^|-)routes\.ts$/;
const ROUTE_PATH = /['"`](\/api\/[^'"`\s]*)['"`]/g;
const DATABASE_IN_ROUTE = [
  [/from\s+['"]drizzle-orm['"]/, 'importe drizzle-orm'],
  [/from\s+['"][^'"]*db\/schema(?:\/[^'"]*)?['"]/, 'importe le schéma de la base'],
  [/\.transaction\(/, 'ouvre une transaction'],
];

const isTest = (file) => /\.test\.ts$/.test(file);

function tsFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...tsFiles(full));
    else if (entry.endsWith('.ts') && !isTest(entry)) files.push(full);
  }
  return files;
}

/** `URL_PREFIXES = ['/api/a', '/api/b']` read from an index.ts without running it. */
function declaredPrefixes(indexCode) {
  const list = /export const URL_PREFIXES(?::[^=]+)?\s*=\s*\[([^\]]*)\]/.exec(indexCode);
  if (!list) return undefined;
  return [...(list[1] ?? '').matchAll(/['"]([^'"]+)['"]/g)].map((match) => match[1]);
}

const segments = (url) => url.split('/').filter(Boolean);
/** Whether `prefix` is made of the first whole segments of `url` (`/api/product` is not a prefix of `/api/products`). */
const startsWithSegments = (url, prefix) => {
  const [a, b] = [segments(url), segments(prefix)];
  return b.length <= a.length && b.every((segment, index) => segment === a[index]);
};

/** The module owning `url`: the one whose declared prefix has the most segments. */
function ownerOf(url, prefixesByModule) {
  let best;
  for (const [module, prefixes] of prefixesByModule) {
    for (const prefix of prefixes) {
      if (startsWithSegments(url, prefix) && (!best || segments(prefix).length > best.length)) {
        best = { module, length: segments(prefix).length };
      }
    }
  }
  return best?.module;
}

/** The problems of the API modules under `root`, as French sentences naming the file. */
export function checkApiModules(root) {
  const modulesDir = path.join(root, MODULES_DIR);
  if (!existsSync(modulesDir)) return [];
  const problems = [];
  const modules = readdirSync(modulesDir).filter((name) => statSync(path.join(modulesDir, name)).isDirectory());
  const prefixesByModule = new Map();
  for (const module of modules) {
    const index = path.join(modulesDir, module, 'index.ts');
    const shown = path.relative(root, index);
    if (!existsSync(index)) {
      problems.push(
        `${path.join(MODULES_DIR, module)} : module sans index.ts (le plugin du module et ses URL_PREFIXES)`,
      );
      continue;
    }
    const prefixes = declaredPrefixes(readFileSync(index, 'utf8'));
    if (!prefixes) problems.push(`${shown} : URL_PREFIXES manquant (les préfixes d’URL que sert le module)`);
    prefixesByModule.set(module, prefixes ?? []);
  }

  const graph = new Map(modules.map((module) => [module, new Set()]));
  for (const module of modules) {
    for (const file of tsFiles(path.join(modulesDir, module))) {
      const shown = path.relative(root, file);
      const code = readFileSync(file, 'utf8');
      if (ROUTE_FILE.test(path.basename(file))) {
        for (const [pattern, what] of DATABASE_IN_ROUTE) {
          if (pattern.test(code))
            problems.push(`${shown} : un fichier de routes ${what} (à mettre dans un repository)`);
        }
      }
      for (const [, url] of code.matchAll(ROUTE_PATH)) {
        const owner = ownerOf(url, prefixesByModule);
        if (owner !== module) {
          problems.push(
            `${shown} : ${url} appartient ${owner ? `au module ${owner}` : 'à aucun module'} (préfixe le plus long)`,
          );
        }
      }
      for (const match of code.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        if (!specifier.startsWith('.')) continue;
        const [first] = path.relative(modulesDir, path.resolve(path.dirname(file), specifier)).split(path.sep);
        if (first && first !== module && graph.has(first)) graph.get(module).add(first);
      }
    }
  }
  const cycle = findCycle(graph);
  if (cycle) problems.push(`${MODULES_DIR} : modules importés en cycle (${cycle.join(' → ')})`);
  return problems;
}

/** A broken tree of modules and the problems the rules must find in it (checked by check-boundaries' self-test). */
export const BROKEN_API_MODULES = {
  files: {
    'api/src/modules/a/index.ts': "export const URL_PREFIXES = ['/api/a', '/api/b/:id/a'];\n",
    'api/src/modules/a/routes.ts':
      "import { sql } from 'drizzle-orm';\nimport { b } from '../b/repository';\nexport const paths = ['/api/a/list', '/api/b/1', '/api/b/:id/a'];\n",
    'api/src/modules/b/index.ts': "export const URL_PREFIXES = ['/api/b'];\n",
    'api/src/modules/b/repository.ts': "import { a } from '../a/queries';\nexport const b = 1;\n",
    'api/src/modules/b/items-routes.ts': 'export const save = (db) => db.transaction(async () => {});\n',
    'api/src/modules/c/routes.ts': "import { schema } from '../../db/schema';\n",
  },
  problems: [
    'api/src/modules/c : module sans index.ts (le plugin du module et ses URL_PREFIXES)',
    'api/src/modules/c/routes.ts : un fichier de routes importe le schéma de la base (à mettre dans un repository)',
    'api/src/modules/a/routes.ts : un fichier de routes importe drizzle-orm (à mettre dans un repository)',
    'api/src/modules/a/routes.ts : /api/b/1 appartient au module b (préfixe le plus long)',
    'api/src/modules/b/items-routes.ts : un fichier de routes ouvre une transaction (à mettre dans un repository)',
    'api/src/modules : modules importés en cycle (a → b → a)',
  ],
};
