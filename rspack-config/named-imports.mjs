// @ts-check
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;
// Tests and stories are not part of any app build.
const NOT_SHIPPED = /\.(test|stories)\.[jt]sx?$/;

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(name) && !NOT_SHIPPED.test(name)) files.push(full);
  }
  return files;
}

/** The `src` folders of every app and of shared-ui: what the browser runs. */
export function browserSourceRoots(/** @type {string} */ repoRoot) {
  return readdirSync(repoRoot)
    .filter((name) => name === 'shell' || name === 'shared-ui' || name.startsWith('mf-'))
    .map((name) => path.join(repoRoot, name, 'src'))
    .filter((dir) => {
      try {
        return statSync(dir).isDirectory();
      } catch {
        return false;
      }
    });
}

/**
 * The names imported as values from `pkg` in these sources (`import { A, B as C, type D } from 'pkg'`
 * gives A and B). `null` when some file imports the whole namespace or a default: then nothing can be left out.
 * @param {string} pkg
 * @param {string[]} roots
 * @returns {string[] | null}
 */
export function namedImportsOf(pkg, roots) {
  const quoted = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statement = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+['"]${quoted}['"]`, 'gs');
  const names = new Set();
  for (const file of roots.flatMap(sourceFiles)) {
    const code = readFileSync(file, 'utf8');
    for (const [, typeOnly, clause = ''] of code.matchAll(statement)) {
      if (typeOnly) continue;
      const braces = clause.match(/\{([^}]*)\}/s);
      const outside = clause
        .replace(/\{[^}]*\}/s, '')
        .replace(/,/g, '')
        .trim();
      if (outside) return null; // default or namespace import
      for (const part of (braces?.[1] ?? '').split(',')) {
        const name = part.trim();
        if (!name || name.startsWith('type ')) continue;
        names.add(name.split(/\s+as\s+/)[0]?.trim());
      }
    }
  }
  return [...names].filter(Boolean).sort();
}

/**
 * The deep imports of a package's folder in these sources, type-only ones left out:
 * `import Table from 'antd/es/table'` gives `antd/es/table`.
 * @param {string} prefix such as `antd/es/`
 * @param {string[]} roots
 */
export function deepImportsOf(prefix, roots) {
  const quoted = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statement = new RegExp(`import\\s+(type\\s+)?[^;]*?\\s+from\\s+['"](${quoted}[^'"]+)['"]`, 'gs');
  const requests = new Set();
  for (const file of roots.flatMap(sourceFiles)) {
    for (const [, typeOnly, request] of readFileSync(file, 'utf8').matchAll(statement)) {
      if (!typeOnly) requests.add(request);
    }
  }
  return [...requests].sort();
}

/**
 * What antd's ES index exports, and from which file: `Button` -> `{ imported: 'default', file: …/es/button/index.js }`.
 * @param {string} antdDir
 * @returns {Map<string, { imported: string, file: string }>}
 */
export function antdExports(antdDir) {
  const index = path.join(antdDir, 'es', 'index.js');
  /** @type {Map<string, { imported: string, file: string }>} */
  const exports = new Map();
  for (const [, clause = '', from = ''] of readFileSync(index, 'utf8').matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g,
  )) {
    const file = resolveJs(path.join(path.dirname(index), from));
    for (const part of clause.split(',')) {
      const [imported = '', exported = imported] = part.trim().split(/\s+as\s+/);
      if (imported && !imported.startsWith('type ')) exports.set(exported.trim(), { imported: imported.trim(), file });
    }
  }
  return exports;
}

/** `…/es/button` -> `…/es/button/index.js`, `…/es/config-provider/context` -> `….js`. */
export function resolveJs(/** @type {string} */ request) {
  if (request.endsWith('.js')) return request;
  try {
    if (statSync(request).isDirectory()) return path.join(request, 'index.js');
  } catch {}
  return `${request}.js`;
}
