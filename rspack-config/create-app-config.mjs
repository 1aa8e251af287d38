// @ts-check
// The one rspack + Module Federation config factory. The shell and the six
// remotes call it with their name, port and exposed modules; nothing else differs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import rspack from '@rspack/core';
import { isServerDataCall } from '../contracts/src/server-paths.mjs';
import { CompatPlugin } from './compat-plugin.mjs';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { PreloadManifestPlugin } from './preload-manifest-plugin.mjs';
import { ON_DEMAND, SHARED_UI_STATE_FILES, sharedConfig } from './shared-deps.mjs';

/**
 * What a remote's entry takes from the shell (provide-federation-libraries.mjs) instead of bundling. Not the
 * bundler runtime: rspack imports it by file path (no name to match) and it keeps per-container state.
 */
const FEDERATION_LIBRARY_GLOBALS = {
  '@module-federation/sdk': '_FEDERATION_SDK',
  '@module-federation/error-codes': '_FEDERATION_ERROR_CODES',
};
const PROVIDE_FEDERATION_LIBRARIES = fileURLToPath(new URL('./provide-federation-libraries.mjs', import.meta.url));

/** A package folder under node_modules, pnpm's layout included. */
const nodeModules = (/** @type {string} */ packages) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?(${packages})[\\\\/]`);

/** shared-ui's page-wide state, provided by the shell: with the runtime libraries, for every page. */
const SHARED_UI_STATE = new RegExp(
  `[\\\\/]shared-ui[\\\\/]src[\\\\/](${SHARED_UI_STATE_FILES.map((file) => file.replace(/\//g, '[\\\\/]')).join('|')})$`,
);

/**
 * What the dev servers forward to the API (contracts/src/server-paths.mjs).
 * @param {string} pathname
 * @param {import('node:http').IncomingMessage} request
 */
const toServer = (pathname, request) =>
  pathname.startsWith('/api/') ||
  pathname === '/remotes.json' ||
  isServerDataCall(pathname, {
    accept: request.headers.accept,
    'sec-fetch-mode': String(request.headers['sec-fetch-mode'] ?? ''),
  });

/** Libraries every product page draws with, from the first paint: the design system and the router. */
const DESIGN_SYSTEM =
  'antd|@ant-design|rc-[^\\\\/]+|@rc-component|@babel[\\\\/]runtime|classnames|dayjs|stylis|@emotion|resize-observer-polyfill|compute-scroll-into-view|scroll-into-view-if-needed|throttle-debounce|json2mq|string-convert|toggle-selection|copy-to-clipboard|react-is|@ctrl|react-router|react-router-dom|@tanstack|cookie|set-cookie-parser';

/** @type {WeakMap<object, boolean>} */
const fallbackChunks = new WeakMap();
/**
 * A chunk loaded only as the fallback of a shared module (its origin is a consume module).
 * @param {import('@rspack/core').Chunk} chunk
 */
function isSharedFallback(chunk) {
  let known = fallbackChunks.get(chunk);
  if (known === undefined) {
    const origins = [...chunk.groupsIterable].flatMap((group) => group.origins);
    known =
      origins.length > 0 &&
      origins.every((origin) => String(origin.module?.identifier() ?? '').startsWith('consume shared module'));
    fallbackChunks.set(chunk, known);
  }
  return known;
}

/**
 * Fewer, larger files: every request of a cold visit waits on the ones before it (entry, shared modules,
 * then the page), so the shell groups what pages need together (checked by e2e/budgets.json):
 * - framework: React, for every page, the login page included;
 * - runtime-libs: the contracts, zod, the session store and HTTP client libraries, also for every page;
 * - design-system: antd, its family and the router, for the product pages. The login page keeps the few
 *   components it draws in its own chunk, so it never downloads this one; the table and the date picker
 *   (`antd/es/table`, `antd/es/date-picker`, shared on their own) come only with the pages that show one.
 * Lazily loaded libraries (Quill, the Excel writer, DOMPurify) stay in their own chunks. A remote is not split at all:
 * each exposed module comes with what it needs, in one request.
 * @param {boolean} isHost
 * @returns {import('@rspack/core').OptimizationSplitChunksOptions}
 */
function splitChunks(isHost) {
  if (!isHost) {
    return {
      chunks: 'async',
      cacheGroups: {
        default: false,
        defaultVendors: false,
        // The copies a remote keeps of shared modules, for a shell that lacks them (shared-deps.mjs): one file,
        // downloaded only then, and one entry in remoteEntry.js's chunk maps instead of one per component.
        sharedFallbacks: { chunks: isSharedFallback, name: 'shared-fallbacks', enforce: true, priority: 10 },
      },
    };
  }
  return {
    chunks: 'async',
    cacheGroups: {
      framework: {
        test: nodeModules('react|react-dom|scheduler'),
        name: 'framework',
        chunks: 'all',
        priority: 40,
        enforce: true,
      },
      runtimeLibs: {
        test: (module) =>
          nodeModules('zod|zustand|ky|jwt-decode').test(module.resource ?? '') ||
          /[\\/]contracts[\\/]src[\\/]/.test(module.resource ?? '') ||
          SHARED_UI_STATE.test(module.resource ?? ''),
        name: 'runtime-libs',
        chunks: 'all',
        priority: 30,
        enforce: true,
      },
      designSystem: {
        test: (module) =>
          nodeModules(DESIGN_SYSTEM).test(module.resource ?? '') && !ON_DEMAND.test(module.resource ?? ''),
        name: 'design-system',
        chunks: (chunk) => chunk.name !== 'login',
        priority: 20,
        enforce: true,
      },
    },
  };
}

/**
 * `outDir`, `aliases`, `extraSources` and `buildId` let a fixture build an app as a later commit would (e2e's
 * remote-compat fixtures): another output, some modules replaced, its own generated facade.
 * @param {{ dir: string, name: string, port: number, exposes?: Record<string, string>, isHost?: boolean, outDir?: string, aliases?: Record<string, string>, extraSources?: string[], buildId?: string }} app
 * @returns {import('@rspack/core').Configuration}
 */
export function createAppConfig({
  dir,
  name,
  port,
  exposes = {},
  isHost = false,
  outDir = path.join(dir, 'dist'),
  aliases: extraAliases = {},
  extraSources = [],
  buildId = name,
}) {
  const production = process.env.NODE_ENV === 'production';
  // In production a remote always runs under the shell: it takes the shell's libraries and federation
  // runtime instead of shipping its own. In development it may run alone, so it keeps them.
  const underShell = production && !isHost;
  const { shared, provides, consumes, aliases, compat } = sharedConfig({
    role: isHost ? 'host' : underShell ? 'remote' : 'standalone',
    appName: name,
    appDir: dir,
    repoRoot: path.dirname(dir),
    extraSources,
    buildId,
  });

  return {
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: outDir,
      // Remotes resolve their chunks next to their remoteEntry, wherever it is deployed.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: name,
      clean: true,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      alias: { ...extraAliases, ...aliases },
      // The app's own dependencies also for sources outside its folder (a fixture's).
      modules: ['node_modules', path.join(dir, 'node_modules')],
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          // Workspace packages (shared-ui, contracts) ship TypeScript sources.
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        // The generated antd facade and router provider (shared-deps.mjs) only re-export: what an app does not
        // use is left out, so a remote consumes only the antd components its bundled code draws.
        { test: /[\\/]\.cache[\\/]shared-providers[\\/]/, sideEffects: false },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: path.join(dir, 'index.html'), chunks: ['main'] }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        manifest: true,
        dts: false,
        // 'version-first' (the default) fetches every registered remote's entry to compare versions the first
        // time a shared module is needed; 'loaded-first' takes what the page already has, so a visit only ever
        // downloads the remotes it shows (measured by `pnpm bench:web`).
        shareStrategy: 'loaded-first',
        runtimePlugins: isHost ? [PROVIDE_FEDERATION_LIBRARIES] : [],
        shared,
        experiments: {
          // The federation runtime (~30 kB compressed) ships once, in the shell; each remoteEntry.js uses it
          // instead of carrying its own copy.
          ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: underShell }),
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      // Files shared by resolved path (shared-deps.mjs): the shell provides them, a remote consumes them.
      ...(Object.keys(provides).length
        ? [new rspack.sharing.ProvideSharedPlugin({ provides, shareScope: 'default', enhanced: true })]
        : []),
      ...(Object.keys(consumes).length
        ? [new rspack.sharing.ConsumeSharedPlugin({ consumes, shareScope: 'default', enhanced: true })]
        : []),
      ...(underShell ? [new rspack.ExternalsPlugin('global', FEDERATION_LIBRARY_GLOBALS)] : []),
      ...(production && isHost
        ? [
            new PreloadManifestPlugin({
              login: ['framework', 'login'],
              app: ['framework', 'runtime-libs', 'design-system', 'app', 'frame'],
              // shared-ui's own chunk (it is shared, so it keeps a chunk of its own).
              appModules: [/[\\/]shared-ui[\\/]src[\\/]index\.ts$/],
            }),
          ]
        : []),
      new CompatPlugin(compat),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: { splitChunks: production ? splitChunks(isHost) : false },
    performance: { hints: false },
    experiments: { css: true },
    // Compile every dynamic import up front in dev too: lazily compiled chunks of the generated shared providers
    // (outside the app's folder) were never served.
    lazyCompilation: false,
    devServer: {
      port,
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Every app proxies the API, so a remote's standalone page works against a real server too: /api, the
      // remotes manifest, and the spec's data calls outside /api, told from a page load as production does.
      proxy: [{ pathFilter: toServer, target: 'http://localhost:4000' }],
    },
  };
}
