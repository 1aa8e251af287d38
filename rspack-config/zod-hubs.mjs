// @ts-check
// zod's hubs (`v4/core/index.js`, `v4/classic/external.js`) re-export its modules with `export * from`. When those
// modules are shared (ZOD_SHARED_MODULES), the bundler cannot see a shared module's names at build time, so each
// app's copy of a hub carried a run-time check for every name zod has, against every module it re-exports (~150 kB
// of `e.o(r,"$ZodURL")&&e.d(…)`, ~5 kB compressed in each remote chunk that reads a contract). Each hub is replaced by
// a facade naming every export and its module: the bundler then keeps only the names an app uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The hubs that star-export shared modules, relative to zod's folder. */
export const ZOD_HUBS = ['v4/core/index.js', 'v4/classic/external.js'];

/**
 * The names a zod ES module exports by its own declarations and export lists (`export function a`,
 * `export const b`, `export { c, d as e }`, `export { f } from "./g.js"`, `export * as h from …`); its own
 * `export * from` re-exports are followed. `default` is left out: `export *` never re-exports it.
 * @param {string} file
 * @returns {Set<string>}
 */
export function exportedNames(file) {
  const code = readFileSync(file, 'utf8');
  const names = new Set();
  for (const [, name] of code.matchAll(
    /^export\s+(?:\/\*[^*]*\*\/\s*)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm,
  )) {
    names.add(name);
  }
  for (const [, list] of code.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of list.split(',')) {
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (exported && !exported.startsWith('type ')) names.add(exported);
    }
  }
  for (const [, name] of code.matchAll(/^export\s+\*\s+as\s+([\w$]+)\s+from/gm)) names.add(name);
  for (const [, from] of code.matchAll(/^export\s+\*\s+from\s+"([^"]+)"/gm)) {
    for (const name of exportedNames(path.resolve(path.dirname(file), from))) names.add(name);
  }
  names.delete('default');
  return names;
}

/**
 * The facade of one hub: its own lines, with every `export * from "./x.js"` written as the names x.js exports.
 * A name two star sources both export is ambiguous, hence not exported (ES semantics), and a name the hub
 * exports itself wins over the star ones: both are left out, as `export *` leaves them.
 * @param {string} hubFile absolute
 * @returns {string}
 */
export function hubFacade(hubFile) {
  const dir = path.dirname(hubFile);
  const code = readFileSync(hubFile, 'utf8');
  const absolute = (/** @type {string} */ from) => JSON.stringify(path.resolve(dir, from));
  const starSources = [...code.matchAll(/^export\s+\*\s+from\s+"([^"]+)"/gm)].map(([, from]) => from);
  const own = new Set();
  for (const [, list] of code.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of list.split(','))
      own.add(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()
          ?.trim(),
      );
  }
  for (const [, name] of code.matchAll(/^export\s+\*\s+as\s+([\w$]+)\s+from/gm)) own.add(name);
  /** @type {Map<string, number>} name -> how many star sources export it */
  const seen = new Map();
  const bySource = starSources.map((from) => {
    const names = [...exportedNames(path.resolve(dir, from))];
    for (const name of names) seen.set(name, (seen.get(name) ?? 0) + 1);
    return { from, names };
  });
  const lines = code
    .split('\n')
    .filter((line) => !/^export\s+\*\s+from\s/.test(line))
    .map((line) => line.replace(/from\s+"(\.[^"]+)"/, (_, from) => `from ${absolute(from)}`));
  for (const { from, names } of bySource) {
    const kept = names.filter((name) => !own.has(name) && seen.get(name) === 1).sort();
    if (kept.length > 0) lines.push(`export { ${kept.join(', ')} } from ${absolute(from)};`);
  }
  return `${lines.join('\n')}\n`;
}
