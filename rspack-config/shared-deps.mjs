// @ts-check
// What the shell and the remotes share at run time, and how. A remote is built and deployed on its own, later
// than the shell it will run under, so every shared module falls in one of three kinds (docs/architecture.md,
// "Sharing between the shell and the remotes"):
// - one instance: state that must exist once on the page (React, the router, dayjs's locale, antd's contexts,
//   shared-ui's session store, event bus, HTTP client and query cache). The shell provides it; a remote declares the version
//   it needs and never brings its own (`import: false`). A shell that lacks it, or has an incompatible version,
//   gets the remote refused at load with the reason (contracts/src/remote-compat.ts), never a crash in a page.
// - shared code: antd's components, zustand. The shell's copy when its version satisfies the remote's,
//   otherwise the remote's own (heavier, still working): a remote may start using an antd component no page
//   of the shell ever drew.
// - travels: contracts (with zod) and shared-ui's components, bundled and tree-shaken into each app. A remote may use a
//   contracts export or a shared-ui component the deployed shell never saw.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { antdExports, browserSourceRoots, deepImportsOf, namedImportsOf, resolveJs } from './named-imports.mjs';
import { hubFacade, ZOD_HUBS } from './zod-hubs.mjs';

/** Packages shared whole, in one instance. */
const ONE_INSTANCE = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'dayjs'];
/**
 * One instance, but provided trimmed to the names the apps import, names checked at a remote's load: the router
 * (whole ~56 kB compressed, the names used ~15 kB) and the query cache (the one QueryClient and the hooks that read
 * it must exist once on the page, like React's context).
 */
export const TRIMMED_ONE_INSTANCE = ['react-router-dom', '@tanstack/react-query'];
/**
 * Shared whole; a remote keeps its own copy as a fallback. Not zod: provided whole it is ~60 kB compressed
 * (every locale), while each app's tree-shaken share of it, with contracts, is a few kB.
 */
const SHARED_CODE = ['zustand', 'dompurify'];

/**
 * shared-ui's files that hold page-wide state: one instance, provided by the shell under `shared-ui/<file>`,
 * versioned by shared-ui/src/runtime/version.ts. The rest of shared-ui travels with each app.
 */
export const SHARED_UI_STATE_FILES = [
  'runtime/session-store.ts',
  'runtime/connection.ts',
  'runtime/event-bus.ts',
  'runtime/http.ts',
  'runtime/refresh-balance.ts',
  'runtime/query-client.ts',
  'theme/theme-store.ts',
  'components/remote-slot/remote-loader.ts',
  'components/upload-modal/upload-guard.ts',
];

/**
 * zod's modules, shared by file like antd's: contracts travels with each app, and the zod it uses would
 * otherwise come once per app (~20 kB compressed). These are the modules a schema needs (`z.object(…)
 * .parse`), the global config and registry included, so one error map serves every app. Not zod's hubs
 * (`index.js`, `external.js`): shared, they would bring every locale and its JSON-schema tools; each app keeps
 * its own tiny copy, tree-shaken, that imports the shared modules. A zod module not listed (a remote that
 * starts using `z.fromJSONSchema`) travels with the app that uses it.
 */
export const ZOD_SHARED_MODULES = [
  'v4/core/core',
  'v4/core/util',
  'v4/core/errors',
  'v4/core/parse',
  'v4/core/regexes',
  'v4/core/checks',
  'v4/core/schemas',
  'v4/core/api',
  'v4/core/doc',
  'v4/core/versions',
  'v4/core/registries',
  'v4/core/memoizer',
  'v4/core/to-json-schema',
  'v4/core/json-schema-processors',
  'v4/classic/errors',
  'v4/classic/parse',
  'v4/classic/schemas',
  'v4/classic/iso',
  'v4/classic/coerce',
  'v4/locales/en',
];

/**
 * @ant-design/icons's machinery (the icon component, its context set by antd's ConfigProvider, its style
 * insertion), shared by file: each icon an app draws travels with it (a few hundred bytes), the machinery and
 * its colour libraries (~7 kB compressed) come once. Sharing the package whole would ship every icon.
 * @param {string} repoRoot
 */
export function iconMachineryFiles(repoRoot) {
  const dir = path.join(packageJsonOf(repoRoot, '@ant-design/icons').dir, 'es');
  const components = readdirSync(path.join(dir, 'components'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(dir, 'components', name));
  return [...components, path.join(dir, 'utils.js')].sort();
}

/**
 * What the heavy components' shared modules bring, kept out of the design-system chunk (create-app-config):
 * the table (lists) and the date picker (forms, modals, a custom period) come with the first page that draws one.
 * Their locales stay: every antd component's default locale imports the picker's.
 */
export const ON_DEMAND =
  /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(antd[\\/]es[\\/](table|pagination|tree)[\\/]|antd[\\/]es[\\/](date-picker|time-picker|calendar)[\\/](?!locale[\\/])|rc-table[\\/]|rc-tree[\\/]|rc-picker[\\/](es|lib)[\\/](?!locale[\\/])|dayjs[\\/]plugin[\\/]|rc-pagination[\\/](es|lib)[\\/](?!locale[\\/]))/;

/** @param {string} repoRoot */
const requireFrom = (repoRoot) => createRequire(path.join(repoRoot, 'shared-ui', 'package.json'));

/**
 * The package.json of an installed package, found from its entry (some packages, dompurify, do not export it).
 * @param {string} repoRoot @param {string} pkg
 */
function packageJsonOf(repoRoot, pkg) {
  let dir = path.dirname(requireFrom(repoRoot).resolve(pkg));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.name === pkg) return { dir, manifest };
    } catch {}
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${pkg} : package.json introuvable`);
    dir = parent;
  }
}

/** @param {string} repoRoot @param {string} pkg */
export function installedVersion(repoRoot, pkg) {
  return packageJsonOf(repoRoot, pkg).manifest.version;
}

/** shared-ui/src/runtime/version.ts: the version of its page-wide state (SHARED_UI_STATE_FILES). */
export function sharedUiRuntimeVersion(/** @type {string} */ repoRoot) {
  const source = readFileSync(path.join(repoRoot, 'shared-ui', 'src', 'runtime', 'version.ts'), 'utf8');
  const version = source.match(/RUNTIME_VERSION = '([^']+)'/)?.[1];
  if (!version) throw new Error('shared-ui/src/runtime/version.ts: RUNTIME_VERSION introuvable');
  return version;
}

/** @param {string} repoRoot */
export const antdDir = (repoRoot) => packageJsonOf(repoRoot, 'antd').dir;

/** `^18.3.1` -> `^18.0.0`: what a remote built with this version accepts from the shell (same major). */
export const sameMajor = (/** @type {string} */ version) => `^${version.split('.')[0]}.0.0`;

/**
 * The antd files that create a React context (ConfigContext, the theme's DesignTokenContext, the locale,
 * Form's item contexts…): a component a remote brings must read the shell's providers, so these exist once.
 * @param {string} dir antd's folder
 */
export function antdContextFiles(dir) {
  /** @type {string[]} */
  const files = [];
  const walk = (/** @type {string} */ folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js') && readFileSync(full, 'utf8').includes('createContext(')) files.push(full);
    }
  };
  walk(path.join(dir, 'es'));
  return files.sort();
}

/** `…/antd/es/button/index.js` -> `antd/es/button/index`: the same key wherever antd is installed. */
const antdShareKey = (/** @type {string} */ dir, /** @type {string} */ file) =>
  `antd/${path.relative(dir, file).replace(/\\/g, '/').replace(/\.js$/, '')}`;

/** @param {string} repoRoot @param {string} appName @param {string} name @param {string} source */
function writeGenerated(repoRoot, appName, name, source) {
  // Outside node_modules: dev servers do not serve chunks whose path names node_modules. One file per app:
  // `pnpm dev` builds the apps side by side.
  const dir = path.join(repoRoot, '.cache', 'shared-providers');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${appName}-${name}.mjs`);
  writeFileSync(file, `// Generated by rspack-config/shared-deps.mjs.\n${source}`);
  return file;
}

/**
 * `import { Button } from 'antd'` in an app resolves to this facade: one line per name, from the component's
 * own module (`antd/es/button`), which is shared on its own. So the shell provides each component the apps
 * draw, and a remote that draws one more brings only that one.
 * @param {string} repoRoot @param {string} appName @param {string[]} names
 */
export function writeAntdFacade(repoRoot, appName, names) {
  const exports = antdExports(antdDir(repoRoot));
  const lines = names.map((name) => {
    const source = exports.get(name);
    if (!source) throw new Error(`antd n'exporte pas ${name}`);
    const binding = source.imported === name ? name : `${source.imported} as ${name}`;
    return `export { ${binding} } from ${JSON.stringify(source.file)};`;
  });
  return writeGenerated(repoRoot, appName, 'antd', `${lines.join('\n')}\n`);
}

/**
 * A trimmed module the shell provides (the router, the query cache): only what the apps import. A remote needing
 * another name is refused at load (its mf-compat.json lists the names it imports).
 * @param {string} repoRoot @param {string} appName @param {string} pkg @param {string[]} names
 */
function writeTrimmedProvider(repoRoot, appName, pkg, names) {
  const { dir, manifest } = packageJsonOf(repoRoot, pkg);
  // The ES entry by absolute path: a bare `from 'react-router-dom'` here would ask the share scope for itself.
  const entry = path.join(dir, manifest.exports?.['.']?.import?.default ?? manifest.module ?? manifest.main);
  const name = pkg.replace(/^@/, '').replace(/\//g, '-');
  return writeGenerated(repoRoot, appName, name, `export { ${names.join(', ')} } from ${JSON.stringify(entry)};\n`);
}

/**
 * zod's hubs, each by its absolute path, resolved to its facade (rspack-config/zod-hubs.mjs).
 * @param {string} repoRoot @param {string} appName @param {string} zodDir
 */
function zodHubAliases(repoRoot, appName, zodDir) {
  return Object.fromEntries(
    ZOD_HUBS.map((hub) => {
      const file = path.join(zodDir, hub);
      const name = `zod-${hub.replace(/[\\/]/g, '-').replace(/\.js$/, '')}`;
      return [`${file}$`, writeGenerated(repoRoot, appName, name, hubFacade(file))];
    }),
  );
}

/**
 * The antd modules an app draws: the facade's components and the deep imports (`antd/es/table`), as files.
 * @param {string} repoRoot @param {string[]} roots
 */
export function antdUsage(repoRoot, roots) {
  const names = namedImportsOf('antd', roots);
  if (!names)
    throw new Error("Import antd's components by name (import { Button } from 'antd'): the facade needs them.");
  const dir = antdDir(repoRoot);
  const exports = antdExports(dir);
  const files = new Set([
    ...names.map((name) => /** @type {{ file: string }} */ (exports.get(name)).file),
    ...deepImportsOf('antd/es/', roots).map((request) => resolveJs(path.join(dir, request.slice('antd/'.length)))),
  ]);
  return { names, files: [...files].sort() };
}

/**
 * @typedef {import('@module-federation/enhanced/rspack').moduleFederationPlugin.SharedConfig} SharedConfig
 * @typedef {'host' | 'remote' | 'standalone'} Role
 * host: the shell; remote: a remote built for production, running under a shell; standalone: a remote's dev
 * server, which runs alone or under the dev shell, so it takes the shell's modules when there are some.
 * @typedef {{ shareKey: string, version: string, requiredVersion: string, singleton: boolean, import: string, fallback?: string }} Share
 */

/**
 * Requests for shared modules that resolve on any machine: each package folder under an alias of its own. The
 * federation runtime writes each shared module's request in the built files; written as this machine's absolute
 * path, the same build weighed more in a deeper checkout (the remoteEntry budget failed in CI's
 * `/check/work/main` and passed in `/tmp/fresh`) and told the world where it was built.
 * @param {string} repoRoot
 */
function portableRequests(repoRoot) {
  /** @type {Record<string, string>} */
  const aliases = {};
  /** @param {string} name @param {string} dir @param {string} file */
  const inFolder = (name, dir, file) => {
    const alias = `mf-fallback/${name}`;
    aliases[alias] = dir;
    return `${alias}/${path.relative(dir, file).replace(/\\/g, '/')}`;
  };
  /** @param {string} pkg @param {string} file */
  const inPackage = (pkg, file) => inFolder(pkg, packageJsonOf(repoRoot, pkg).dir, file);
  /** A generated file (the router provider), by the alias of its own folder. @param {string} name @param {string} file */
  const inFile = (name, file) => inFolder(name, path.dirname(file), file);
  return { aliases, inPackage, inFile };
}

/**
 * What an app shares, and how. Packages are matched by name (`react`), through the federation plugin's
 * `shared`. Files are matched by resolved path (antd's modules and contexts, shared-ui's state files), so
 * antd's own `import … from '../config-provider/context'` is shared too; the shell only provides them (its
 * own code, the light /login page included, uses them directly) and a remote only consumes them.
 * @param {{ role: Role, appName: string, appDir: string, repoRoot: string, extraSources?: string[], buildId?: string }} options
 * @returns {{ shared: Record<string, SharedConfig>, provides: Record<string, object>, consumes: Record<string, object>, aliases: Record<string, string>, compat: { file: string, content: object } }}
 */
export function sharedConfig({ role, appName, appDir, repoRoot, extraSources = [], buildId = appName }) {
  const dir = antdDir(repoRoot);
  const portable = portableRequests(repoRoot);
  const antdVersion = installedVersion(repoRoot, 'antd');
  const sharedUiVersion = sharedUiRuntimeVersion(repoRoot);
  const everyApp = browserSourceRoots(repoRoot);
  const ownSources = [path.join(appDir, 'src'), path.join(repoRoot, 'shared-ui', 'src'), ...extraSources];
  // The shell provides what any app imports; a remote consumes what it imports.
  const sources = role === 'host' ? everyApp : ownSources;

  // One instance: the shell's, whatever a remote was built with, as long as the major version matches.
  // Shared code: the shell's copy if its version satisfies the remote's, else the remote's own.
  const oneInstance = (/** @type {string} */ version, /** @type {string} */ file, shareKey = '') => ({
    shareKey,
    version,
    requiredVersion: sameMajor(version),
    singleton: true,
    import: file,
  });
  const sharedCode = (/** @type {string} */ version, /** @type {string} */ file, shareKey = '') => ({
    shareKey,
    version,
    requiredVersion: `^${version}`,
    singleton: false,
    import: file,
  });

  /** @type {Record<string, Share>} by package name */
  const packages = {};
  for (const pkg of ONE_INSTANCE) {
    // By absolute path: the shell does not depend on everything its libraries import (dayjs comes with antd).
    packages[pkg] = oneInstance(
      installedVersion(repoRoot, pkg.split('/')[0] ?? pkg),
      portable.inPackage(pkg.split('/')[0] ?? pkg, requireFrom(repoRoot).resolve(pkg)),
    );
  }
  /** @type {Record<string, string[]>} trimmed package -> the names provided (shell) or needed (remote) */
  const names = {};
  for (const pkg of TRIMMED_ONE_INSTANCE) {
    names[pkg] = namedImportsOf(pkg, sources) ?? [];
    packages[pkg] = oneInstance(
      installedVersion(repoRoot, pkg),
      role === 'remote' ? pkg : portable.inFile('providers', writeTrimmedProvider(repoRoot, buildId, pkg, names[pkg])),
    );
  }
  for (const pkg of SHARED_CODE) packages[pkg] = sharedCode(installedVersion(repoRoot, pkg), pkg);

  /** @type {Record<string, Share>} by absolute path */
  const files = {};
  const antdShare = (/** @type {Share} */ share) => ({ ...share, fallback: `${share.shareKey}.js` });
  for (const file of antdContextFiles(dir))
    files[file] = antdShare(oneInstance(antdVersion, file, antdShareKey(dir, file)));
  for (const file of SHARED_UI_STATE_FILES) {
    const absolute = path.join(repoRoot, 'shared-ui', 'src', file);
    files[absolute] = oneInstance(sharedUiVersion, absolute, `shared-ui/${file.replace(/\.ts$/, '')}`);
  }
  const zodVersion = installedVersion(repoRoot, 'zod');
  const zodDir = packageJsonOf(repoRoot, 'zod').dir;
  for (const module of ZOD_SHARED_MODULES) {
    const file = path.join(zodDir, `${module}.js`);
    files[file] = { ...sharedCode(zodVersion, file, `zod/${module}`), fallback: portable.inPackage('zod', file) };
  }
  const iconsVersion = installedVersion(repoRoot, '@ant-design/icons');
  const iconsDir = packageJsonOf(repoRoot, '@ant-design/icons').dir;
  for (const file of iconMachineryFiles(repoRoot)) {
    const module = path.relative(iconsDir, file).replace(/\\/g, '/').replace(/\.js$/, '');
    files[file] = {
      ...sharedCode(iconsVersion, file, `@ant-design/icons/${module}`),
      fallback: portable.inPackage('@ant-design/icons', file),
    };
  }
  // The app's own antd names make its facade; the shell provides what any app uses. One scan each.
  const ownAntd = antdUsage(repoRoot, ownSources);
  for (const file of (role === 'host' ? antdUsage(repoRoot, everyApp) : ownAntd).files) {
    files[file] = antdShare(sharedCode(antdVersion, file, antdShareKey(dir, file)));
  }

  /** @type {Record<string, SharedConfig>} */
  const shared = {};
  for (const [pkg, share] of Object.entries(packages)) {
    shared[pkg] = {
      singleton: share.singleton,
      requiredVersion: share.requiredVersion,
      strictVersion: true,
      // A production remote never brings a one-instance package: the shell's, or refused.
      ...(role === 'remote' && share.singleton ? { import: false } : { import: share.import, version: share.version }),
    };
  }
  /** @type {Record<string, object>} */
  const provides = {};
  /** @type {Record<string, object>} */
  const consumes = {};
  for (const [file, share] of Object.entries(files)) {
    if (role === 'host') provides[file] = { shareKey: share.shareKey, version: share.version };
    else {
      consumes[file] = {
        shareKey: share.shareKey,
        requiredVersion: share.requiredVersion,
        strictVersion: true,
        singleton: share.singleton,
        // The fallback by name (resolved through the `antd` alias), not by this machine's path.
        import: role === 'remote' && share.singleton ? false : share.fallback,
      };
    }
  }

  // The compatibility contract (contracts/src/remote-compat.ts): what the shell provides, what a remote needs.
  const oneInstanceNeeds = Object.fromEntries(
    [
      ...Object.entries(packages).map(([pkg, share]) => /** @type {[string, Share]} */ ([pkg, share])),
      ...Object.values(files).map((share) => /** @type {[string, Share]} */ ([share.shareKey, share])),
    ]
      .filter(([, share]) => share.singleton)
      .map(([key, share]) => [key, share.requiredVersion]),
  );
  const provided = Object.fromEntries([
    ...Object.entries(packages).map(([pkg, share]) => [pkg, share.version]),
    ...Object.values(files).map((share) => [share.shareKey, share.version]),
  ]);
  const compat =
    role === 'host'
      ? { file: 'host-capabilities.json', content: { schema: 1, provides: provided, names } }
      : {
          file: 'mf-compat.json',
          // A dev server's remote brings its own copy of everything: it needs nothing from the shell.
          content:
            role === 'remote'
              ? { schema: 1, name: appName, needs: oneInstanceNeeds, names }
              : { schema: 1, name: appName, needs: {}, names: {} },
        };

  return {
    shared,
    provides,
    consumes,
    compat,
    aliases: {
      ...zodHubAliases(repoRoot, buildId, zodDir),
      antd$: writeAntdFacade(repoRoot, buildId, ownAntd.names),
      antd: dir,
      ...portable.aliases,
    },
  };
}
