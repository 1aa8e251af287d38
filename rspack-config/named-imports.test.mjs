import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserSourceRoots, namedImportsOf } from './named-imports.mjs';
import { SINGLETONS } from './shared-deps.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');

describe('namedImportsOf', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'named-imports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name, code) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), code);
  };

  it('collects value imports, across lines, aliases resolved, types and tests left out', () => {
    write('a.tsx', "import { Button, type ButtonProps } from 'antd';\nimport type { ThemeConfig } from 'antd';\n");
    write(
      'b.ts',
      "import {\n  Table as DataTable,\n  Tabs,\n} from 'antd';\nimport { Link } from 'react-router-dom';\n",
    );
    write('b.test.tsx', "import { Modal } from 'antd';\n");
    write('c.stories.tsx', "import { Drawer } from 'antd';\n");
    expect(namedImportsOf('antd', [dir])).toEqual(['Button', 'Table', 'Tabs']);
    expect(namedImportsOf('react-router-dom', [dir])).toEqual(['Link']);
  });

  it('gives up (null: provide the whole package) on a default or namespace import', () => {
    write('d.ts', "import * as antd from 'antd';\n");
    expect(namedImportsOf('antd', [dir])).toBeNull();
  });
});

describe('what the apps import from the shared libraries', () => {
  const roots = browserSourceRoots(repoRoot);
  const require = createRequire(path.join(repoRoot, 'shared-ui', 'package.json'));

  // Importing the whole of antd takes ~1 s, several on a busy machine: more than vitest's default 5 s allows.
  it('exists in antd, react-router-dom and contracts (a misspelt name would be undefined at run time)', {
    timeout: 30_000,
  }, async () => {
    for (const pkg of ['antd', 'react-router-dom', 'contracts']) {
      const exported = await import(require.resolve(pkg));
      for (const name of namedImportsOf(pkg, roots) ?? []) expect(exported, `${pkg}.${name}`).toHaveProperty(name);
    }
  });

  it('reaches into antd by path only where that is the point', () => {
    // Deep imports bypass the shared antd: the login page carries its own few components, the theme file is
    // read by it too, the locale is data, and the table is a shared module of its own (shared-deps.mjs).
    const allowed = new Set([
      'shell/src/features/auth/login-page.tsx',
      'shell/src/login-bootstrap.tsx',
      'shared-ui/src/theme/tokens.ts',
      'shared-ui/src/theme/app-providers.tsx',
      'shared-ui/src/components/server-table/ServerTableView.tsx',
    ]);
    const offenders = [];
    for (const root of roots) {
      for (const file of listFiles(root)) {
        const code = readFileSync(file, 'utf8');
        const deep = [...code.matchAll(/^import (?!type )[^;]*?from '(antd\/[^']+)'/gms)].map((match) => match[1]);
        const relative = path.relative(repoRoot, file);
        const sharedDeep = deep.filter((request) => !SINGLETONS.includes(request));
        if (sharedDeep.length > 0 && !allowed.has(relative)) offenders.push(`${relative}: ${sharedDeep.join(', ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

function listFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, name))
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.(test|stories)\./.test(file));
}
