// Part of `pnpm lint`: the import boundaries, file names and file sizes of the workspace, written as rules so that the next
// feature cannot drift. Before checking the repository it checks itself on a deliberately broken tree:
// a rule that stopped catching what it names fails the lint too.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROKEN_API_MODULES, checkApiModules } from './api-module-rules.mjs';
import { BROKEN_SOURCES, checkSourceRules } from './source-rules.mjs';

/** Which workspace packages each package's sources may import (by name or by a relative path out of it). */
const MAY_IMPORT = {
  contracts: [],
  'shared-ui': ['contracts'],
  shell: ['contracts', 'shared-ui'],
  remote: ['contracts', 'shared-ui'],
  api: ['contracts'],
};
const WORKSPACE = ['contracts', 'shared-ui', 'shell', 'api', 'rspack-config', 'e2e'];
/** contracts is shared by the browser and the server: plain TypeScript and zod, nothing of either side. */
const CONTRACTS_MAY_USE = ['zod'];

const isTest = (file) => /\.test\.tsx?$/.test(file);
const kindOf = (pkg) => (pkg.startsWith('mf-') ? 'remote' : pkg);
const isWorkspace = (name) => WORKSPACE.includes(name) || name.startsWith('mf-');

/**
 * Kebab-case files (hooks too: `use-thing.ts`), PascalCase React components (.tsx); tests and stories keep the name
 * of what they test.
 */
const FILE_NAME =
  /^(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9-]+)*\.(?:ts|tsx|mjs|d\.mts)|[A-Z][A-Za-z0-9]*(?:\.(?:test|stories))?\.tsx)$/;

const SOURCE = /\.(ts|tsx|mjs)$/;
/** A reference a newcomer cannot follow: the rule is written in the comment, or docs/product.md is named. */
// Spelled in two parts so that this file does not hold the words it refuses.
const PRIVATE_WORDS = ['spec', 'section'].join(' ');
const PRIVATE_REFERENCE = /\bissue \d+\b|\bspec sections? \d/i;
/** A screen reads a permission through shared-ui's `useCan`, the one idiom (it follows the session as it changes). */
const CAN_IN_COMPONENT = /import\s*(?:type\s*)?\{[^}]*\bcan\b[^}]*\}\s*from\s*['"]contracts['"]/;
/**
 * Past this many lines a source file holds several things (split it by what each part does); tests and stories are
 * free, and the data tables below are rows, not code.
 */
const MAX_LINES = 450;
const DATA_TABLES = ['api/src/modules/sidexa/catalogue/models.ts'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry)) files.push(full);
  }
  return files;
}

/** The problems of the tree at `root`, as French sentences naming the file. */
export function checkBoundaries(root) {
  const problems = [];
  const packages = readdirSync(root).filter(
    (name) => (name in MAY_IMPORT || name.startsWith('mf-')) && statSync(path.join(root, name)).isDirectory(),
  );
  for (const pkg of packages) {
    const src = path.join(root, pkg, 'src');
    let files = [];
    try {
      files = sourceFiles(src);
    } catch {
      continue;
    }
    const allowed = MAY_IMPORT[kindOf(pkg)];
    for (const file of files) {
      const shown = path.relative(root, file);
      if (!FILE_NAME.test(path.basename(file))) {
        problems.push(`${shown} : nom de fichier hors convention (kebab-case, composant en PascalCase)`);
      }
      const code = readFileSync(file, 'utf8');
      if (PRIVATE_REFERENCE.test(code)) {
        problems.push(`${shown} : « issue N » ou « spec section N » : écrivez la règle, ou renvoyez à docs/product.md`);
      }
      if (file.endsWith('.tsx') && !isTest(file) && CAN_IN_COMPONENT.test(code)) {
        problems.push(`${shown} : un écran vérifie une permission avec useCan(permission) de shared-ui, pas can()`);
      }
      const lines = code.split('\n').length;
      if (lines > MAX_LINES && !isTest(file) && !file.includes('.stories.') && !DATA_TABLES.includes(shown)) {
        problems.push(`${shown} : ${lines} lignes, plus de ${MAX_LINES} (découpez-le par ce que fait chaque partie)`);
      }
      for (const match of code.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        let target;
        if (specifier.startsWith('.')) {
          const [first] = path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep);
          if (first !== pkg) target = first;
        } else {
          const name = specifier.split('/')[0];
          if (isWorkspace(name) && name !== pkg) target = name;
          else if (
            pkg === 'contracts' &&
            !isTest(file) &&
            !specifier.startsWith('node:') &&
            !CONTRACTS_MAY_USE.includes(name)
          ) {
            problems.push(`${shown} : contracts n'importe que zod (trouvé « ${specifier} »)`);
          }
        }
        if (target && !allowed.includes(target)) {
          problems.push(`${shown} : ${pkg} ne doit pas importer ${target} (« ${specifier} »)`);
        }
      }
    }
  }
  return [...problems, ...packages.flatMap((pkg) => checkSourceRules(root, pkg)), ...checkApiModules(root)];
}

/** The rules catch what they name: a broken tree must give exactly these problems. */
function selfTest() {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  const write = (file, code) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), code);
  };
  try {
    write('mf-billing/src/routes.tsx', "import { FolderPage } from 'mf-folders/src/page';\nexport {};\n");
    write('mf-billing/src/features/a/components/List.tsx', "import { x } from '../../../../../mf-folders/src/x';\n");
    write('mf-folders/src/features/b/hooks/use-thing.ts', "import { request } from 'shared-ui';\n");
    write('mf-folders/src/features/b/hooks/useOld.ts', 'export {};\n');
    write('mf-folders/src/features/b/components/Card.tsx', "import { can, type Folder } from 'contracts';\n");
    write(
      'contracts/src/money.ts',
      `import { useState } from 'react';\nimport { z } from 'zod';\n// ${PRIVATE_WORDS} 9\n`,
    );
    write('shared-ui/src/Bad_Name.ts', "import { app } from 'api/src/app';\n");
    write('api/src/modules/x/index.ts', "export const URL_PREFIXES = ['/api/x'];\n");
    write('api/src/modules/x/routes.ts', "import { Button } from 'shared-ui';\n");
    write('api/src/modules/x/repository.ts', 'export const x = 1;\n'.repeat(MAX_LINES + 1));
    write('api/src/modules/x/repository.test.ts', 'export const x = 1;\n'.repeat(MAX_LINES + 1));
    for (const [file, code] of Object.entries({ ...BROKEN_API_MODULES.files, ...BROKEN_SOURCES.files })) {
      write(file, code);
    }
    const found = checkBoundaries(root).sort();
    const expected = [
      'api/src/modules/x/routes.ts : api ne doit pas importer shared-ui (« shared-ui »)',
      `api/src/modules/x/repository.ts : ${MAX_LINES + 2} lignes, plus de ${MAX_LINES} (découpez-le par ce que fait chaque partie)`,
      "contracts/src/money.ts : contracts n'importe que zod (trouvé « react »)",
      'contracts/src/money.ts : « issue N » ou « spec section N » : écrivez la règle, ou renvoyez à docs/product.md',
      'mf-billing/src/features/a/components/List.tsx : mf-billing ne doit pas importer mf-folders (« ../../../../../mf-folders/src/x »)',
      'mf-billing/src/routes.tsx : mf-billing ne doit pas importer mf-folders (« mf-folders/src/page »)',
      'mf-folders/src/features/b/components/Card.tsx : un écran vérifie une permission avec useCan(permission) de shared-ui, pas can()',
      'mf-folders/src/features/b/hooks/useOld.ts : nom de fichier hors convention (kebab-case, composant en PascalCase)',
      'shared-ui/src/Bad_Name.ts : nom de fichier hors convention (kebab-case, composant en PascalCase)',
      'shared-ui/src/Bad_Name.ts : shared-ui ne doit pas importer api (« api/src/app »)',
      ...BROKEN_API_MODULES.problems,
      ...BROKEN_SOURCES.problems,
    ].sort();
    if (JSON.stringify(found) !== JSON.stringify(expected)) {
      throw new Error(`Les règles ne trouvent plus ce qu'elles nomment :\n${found.join('\n')}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  selfTest();
  const problems = checkBoundaries(path.resolve(import.meta.dirname, '..'));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log('Frontières des imports, noms et tailles de fichiers, modules de l’API : conformes.');
}
