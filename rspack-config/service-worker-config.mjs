// @ts-check
// The fitter's app service worker (shell/src/service-worker): bundled on its own (a worker, no federation), built
// after the shell so its precache list names the shell's files of this very build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import rspack from '@rspack/core';

const PLACEHOLDER = 'self.__WB_MANIFEST';

/**
 * Writes the precache list into the worker (Workbox's `self.__WB_MANIFEST`) and beside it (`sw-precache.json`, read by
 * the byte budget): the shell's entry and the chunks of a product page (preload.json's `app`, hashed names, no
 * revision needed), plus the web app manifest and icons (revisioned by content).
 */
class PrecacheManifestPlugin {
  /** @param {{ dist: string, copied: string, extra: string[] }} options `extra`: files copied from `copied`, revisioned by content */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecacheManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecacheManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { dist, copied, extra } = this.options;
          const preload = JSON.parse(readFileSync(path.join(dist, 'preload.json'), 'utf8'));
          const entry = readdirSync(dist).filter((file) => /^main\.[0-9a-f]{8}\.js$/.test(file));
          const hashed = [...new Set([...entry, ...preload.app])].map((file) => ({ url: `/${file}`, revision: null }));
          const revisioned = extra
            .filter((file) => existsSync(path.join(copied, file)))
            .map((file) => ({
              url: `/${file}`,
              revision: createHash('sha256')
                .update(readFileSync(path.join(copied, file)))
                .digest('hex')
                .slice(0, 16),
            }));
          const list = [...hashed, ...revisioned];
          const worker = compilation.getAsset('sw.js');
          const source = String(worker?.source.source() ?? '');
          if (!source.includes(PLACEHOLDER)) throw new Error(`sw.js ne contient pas ${PLACEHOLDER}`);
          compilation.updateAsset('sw.js', new RawSource(source.replace(PLACEHOLDER, JSON.stringify(list))));
          compilation.emitAsset('sw-precache.json', new RawSource(JSON.stringify(list, null, 2)));
        },
      );
    });
  }
}

/**
 * @param {{ dir: string, entry: string, after: string, copy: string }} options `after`: the name of the app config
 *   to build first; `copy`: a folder copied as it is into dist (the web app manifest and its icons)
 * @returns {import('@rspack/core').Configuration}
 */
export function createServiceWorkerConfig({ dir, entry, after, copy }) {
  const dist = path.join(dir, 'dist');
  return {
    name: 'service-worker',
    dependencies: [after],
    context: dir,
    mode: 'production',
    target: 'webworker',
    devtool: false,
    entry: { sw: entry },
    output: { path: dist, filename: 'sw.js', clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: copy, to: dist }] }),
      new PrecacheManifestPlugin({
        dist,
        copied: copy,
        extra: ['manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png'],
      }),
    ],
    optimization: { splitChunks: false },
    performance: { hints: false },
  };
}
