import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { antdExports, browserSourceRoots, namedImportsOf } from './named-imports.mjs';
import { antdContextFiles, antdDir, iconMachineryFiles, sharedConfig, ZOD_SHARED_MODULES } from './shared-deps.mjs';

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
  it('exists in antd and react-router-dom (a misspelt name would be undefined at run time)', {
    timeout: 30_000,
  }, async () => {
    for (const pkg of ['antd', 'react-router-dom']) {
      const exported = await import(require.resolve(pkg));
      for (const name of namedImportsOf(pkg, roots) ?? []) expect(exported, `${pkg}.${name}`).toHaveProperty(name);
    }
  });
});

describe('sharing by file', () => {
  const dir = antdDir(repoRoot);

  it("maps antd's names to the module that defines them", () => {
    const exports = antdExports(dir);
    expect(exports.get('Button')).toEqual({ imported: 'default', file: path.join(dir, 'es/button/index.js') });
    expect(exports.get('unstableSetRender')?.file).toBe(path.join(dir, 'es/config-provider/UnstableContext.js'));
  });

  it("finds antd's contexts: the theme, the locale and the config reach a remote's own components", () => {
    const files = antdContextFiles(dir).map((file) => path.relative(dir, file));
    expect(files).toEqual(
      expect.arrayContaining(['es/config-provider/context.js', 'es/theme/context.js', 'es/locale/context.js']),
    );
  });

  it('names zod and icon modules that exist in the installed versions', () => {
    const zod = path.dirname(
      createRequire(path.join(repoRoot, 'contracts', 'package.json')).resolve('zod/package.json'),
    );
    for (const module of ZOD_SHARED_MODULES) expect(existsSync(path.join(zod, `${module}.js`)), module).toBe(true);
    expect(iconMachineryFiles(repoRoot).map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['Context.js', 'AntdIcon.js', 'utils.js']),
    );
  });

  it('a production remote consumes one-instance modules without a copy, shared code with its own', () => {
    const { shared, provides, consumes } = sharedConfig({
      role: 'remote',
      appName: 'mf_test',
      appDir: path.join(repoRoot, 'mf-billing'),
      repoRoot,
    });
    expect(provides).toEqual({});
    expect(shared.react).toMatchObject({ import: false, singleton: true, strictVersion: true });
    expect(shared.zustand).toMatchObject({ singleton: false });
    expect(consumes[path.join(dir, 'es/config-provider/context.js')]).toMatchObject({
      shareKey: 'antd/es/config-provider/context',
      import: false,
      singleton: true,
    });
    expect(consumes[path.join(dir, 'es/button/index.js')]).toMatchObject({
      shareKey: 'antd/es/button/index',
      import: 'antd/es/button/index.js',
      singleton: false,
    });
    const session = path.join(repoRoot, 'shared-ui/src/runtime/session-store.ts');
    expect(consumes[session]).toMatchObject({ shareKey: 'shared-ui/runtime/session-store', import: false });
  });

  it('the shell provides every file a remote may consume, and consumes none of them', () => {
    const host = sharedConfig({ role: 'host', appName: 'shell_test', appDir: path.join(repoRoot, 'shell'), repoRoot });
    expect(host.consumes).toEqual({});
    for (const role of /** @type {const} */ (['remote'])) {
      for (const app of readdirSync(repoRoot).filter((name) => name.startsWith('mf-'))) {
        const remote = sharedConfig({ role, appName: `${app}_test`, appDir: path.join(repoRoot, app), repoRoot });
        for (const file of Object.keys(remote.consumes))
          expect(host.provides, `${app}: ${file}`).toHaveProperty([file]);
      }
    }
  });
});
