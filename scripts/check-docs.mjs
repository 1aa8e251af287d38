// Part of `pnpm lint`: the repository paths the docs name exist. A README that cites
// `api/src/lib/search.ts` after the file moved sends the next reader nowhere; this check fails on it, in French, with
// the file and line. Before checking the repository it checks itself on a deliberately broken tree, like
// check-boundaries.mjs: a rule that stopped catching what it names fails the lint too.
//
// What counts as a path, in a code span (`…`) or a link target outside fenced code blocks:
// - a link target that is not a URL (`http:`, `mailto:`…) nor a bare anchor: always, relative to its file; its
//   `#anchor` must be a heading of the markdown file it points to;
// - a code span without spaces that either starts with a top-level folder of the repository and has a slash
//   (`api/src/app.ts`, `shell/src/`), or ends with a known file extension (`travel.ts`, `src/modules/mail/README.md`).
// Not paths: URLs, routes (`/api/login`), globs (`*`, `?`, `{…}`, `[…]`), placeholders (`<name>`, `…`), package
// names (`@scope/x`), hidden names (`.env`) and what a build writes (`dist/`, `.data/`…, ignored by git).
// A relative path is found next to the markdown file, at the root, at a package's root, or as the end of a repository
// path (a module README says `records.ts` for its own folder's file). A path that is not under a top-level folder
// (`mf-compat.json`, `records/documents.json`) may also be a file the build or the program writes: it passes when the
// code writes its name (or its name without the extension, `'shared-fallbacks'`) as a string.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Folders never read nor required: dependencies and what builds and runs write (the .gitignore's). */
const SKIP = new Set([
  'node_modules',
  '.git',
  'dist',
  'dist-test',
  '.data',
  'storybook-static',
  '@mf-types',
  'test-results',
  'playwright-report',
  'coverage',
  '.cache',
  '.tmp',
  '.ci',
]);
const EXTENSIONS = /\.(?:ts|tsx|mts|mjs|cjs|js|json|md|sql|ya?ml|css|html|sh|svg|png)$/;
const PLACEHOLDER = /[<>*?{}[\]…=]|\.\.\.|^@|^\/|^[a-z][a-z0-9+.-]*:/i;

function walk(root, dir = root, out = { files: [], dirs: [] }) {
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) continue;
    const full = path.join(dir, entry);
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (statSync(full).isDirectory()) {
      out.dirs.push(rel);
      walk(root, full, out);
    } else out.files.push(rel);
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutFences(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line.text);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The lines outside fenced code blocks, with their numbers. */
function withoutFences(markdown) {
  const lines = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ text, number: index + 1 });
  });
  return lines;
}

/** The problems of the markdown files under `root`, as French sentences naming the file and the line. */
export function checkDocs(root) {
  const { files, dirs } = walk(root);
  const fileSet = new Set(files);
  const dirSet = new Set(dirs);
  const topLevel = new Set(readdirSync(root).filter((name) => !SKIP.has(name)));
  const packages = dirs.filter((dir) => !dir.includes('/') && fileSet.has(`${dir}/package.json`));
  const exists = (rel) => fileSet.has(rel) || dirSet.has(rel);
  const normal = (rel) => path.posix.normalize(rel).replace(/\/$/, '');
  const anchorCache = new Map();
  const anchorsFor = (rel) => {
    if (!anchorCache.has(rel)) anchorCache.set(rel, anchorsOf(readFileSync(path.join(root, rel), 'utf8')));
    return anchorCache.get(rel);
  };

  const find = (doc, target) => {
    const here = path.posix.dirname(doc);
    const candidates = [path.posix.join(here, target), target, ...packages.map((pkg) => `${pkg}/${target}`)];
    const found = candidates.map(normal).find(exists);
    if (found) return found;
    const tail = `/${normal(target)}`;
    return [...files, ...dirs].find((rel) => rel.endsWith(tail));
  };
  const isGenerated = (target) => target.split('/').some((part) => SKIP.has(part));
  let code;
  const written = (target) => {
    code ??= files
      .filter((rel) => /\.(?:ts|tsx|mjs|cjs|js)$/.test(rel))
      .map((rel) => readFileSync(path.join(root, rel), 'utf8'))
      .join('\n');
    const stem = target.replace(/\.[a-z]+$/, '');
    return code.includes(target) || [`'${stem}'`, `"${stem}"`, `'${stem}.`].some((literal) => code.includes(literal));
  };

  const problems = [];
  for (const doc of files.filter((rel) => rel.endsWith('.md'))) {
    for (const { text, number } of withoutFences(readFileSync(path.join(root, doc), 'utf8'))) {
      const where = `${doc}:${number}`;
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [file, anchor] = target.split('#');
        const resolved = file === '' ? doc : normal(path.posix.join(path.posix.dirname(doc), file));
        if (!exists(resolved)) {
          problems.push(`${where} : lien vers un fichier introuvable « ${target} »`);
        } else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsFor(resolved).has(anchor)) {
          problems.push(`${where} : ancre introuvable « ${target} » (aucun titre de ${resolved} ne la donne)`);
        }
      }
      const prose = text.replace(/\]\([^)]*\)/g, '');
      for (const [, span] of prose.matchAll(/`([^`]+)`/g)) {
        const target = span.replace(/:\d+(?:-\d+)?$/, '').replace(/#.*$/, '');
        if (/\s/.test(target) || PLACEHOLDER.test(target) || target.startsWith('.') || isGenerated(target)) continue;
        const first = target.split('/')[0];
        const isPath = (target.includes('/') && topLevel.has(first)) || EXTENSIONS.test(target);
        if (!isPath || find(doc, target) || (!topLevel.has(first) && written(target))) continue;
        problems.push(`${where} : chemin introuvable « ${span} »`);
      }
    }
  }
  return problems;
}

/** The rules catch what they name: a broken tree must give exactly these problems. */
function selfTest() {
  const root = mkdtempSync(path.join(tmpdir(), 'docs-'));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  try {
    write('api/package.json', '{}\n');
    write('api/src/app.ts', 'export {};\n');
    write('shell/package.json', '{}\n');
    write('api/src/modules/mail/send.ts', "export const file = 'out/made.json';\nexport const chunk = 'fallbacks';\n");
    write('docs/guide.md', '# Guide\n\n## Two-factor sign-in (issue 34)\n');
    write(
      'api/src/modules/mail/README.md',
      [
        '# Mail',
        '`send.ts` and `src/app.ts` and `api/src/app.ts`, not `gone.ts`.',
        'Routes `/api/login`, `GET /api/x`, globs `src/**/*.ts`, `src/modules/<area>/routes.ts`, built `api/dist/server.js`.',
        '[the guide](../../../../docs/guide.md#two-factor-sign-in-issue-34), [site](https://example.com/a.ts).',
        '```',
        '`api/src/in-a-fence.ts`',
        '```',
      ].join('\n'),
    );
    write(
      'README.md',
      [
        '# Root',
        'See `api/src/lib/search.ts` and `shell/src/` and `docs/guide.md`, `NAME=/a/b.json`.',
        'Written: `out/made.json`, `made.json`, `fallbacks.js`; not written: `unmade.json`, `api/out/made.json`.',
        '[old](docs/old.md) and [anchor](docs/guide.md#two-factor) and [self](#root).',
      ].join('\n'),
    );
    const found = checkDocs(root).sort();
    const expected = [
      'README.md:2 : chemin introuvable « api/src/lib/search.ts »',
      'README.md:2 : chemin introuvable « shell/src/ »',
      'README.md:3 : chemin introuvable « unmade.json »',
      'README.md:3 : chemin introuvable « api/out/made.json »',
      'README.md:4 : ancre introuvable « docs/guide.md#two-factor » (aucun titre de docs/guide.md ne la donne)',
      'README.md:4 : lien vers un fichier introuvable « docs/old.md »',
      'api/src/modules/mail/README.md:2 : chemin introuvable « gone.ts »',
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
  const problems = checkDocs(path.resolve(import.meta.dirname, '..'));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} chemin(s) de la documentation introuvable(s) : corrigez le texte ou le chemin.`);
    process.exit(1);
  }
  console.log('Chemins et liens de la documentation : tous trouvés.');
}
