// @ts-check
// The one rspack + Module Federation config factory. The shell and the six
// remotes call it with their name, port and exposed modules; nothing else differs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import rspack from '@rspack/core';

/**
 * Libraries that must exist once on the page: host and remotes share them as
 * singletons. Not @ant-design/icons: sharing it ships every icon (160 kB gzip)
 * to every visit, while bundling lets each app keep only the icons it draws.
 */
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'antd', 'zustand', 'shared-ui', 'contracts'];

/**
 * Writes `.gz` and `.br` next to every text asset, once at build time, so the
 * server sends compressed files without compressing on each request.
 */
class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const outDir = compilation.outputOptions.path ?? '';
      for (const name of Object.keys(compilation.assets)) {
        if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
        const content = readFileSync(path.join(outDir, name));
        if (content.length < 1024) continue;
        writeFileSync(path.join(outDir, `${name}.gz`), gzipSync(content, { level: 9 }));
        writeFileSync(
          path.join(outDir, `${name}.br`),
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    });
  }
}

/**
 * @param {{ dir: string, name: string, port: number, exposes?: Record<string, string>, isHost?: boolean }} app
 * @returns {import('@rspack/core').Configuration}
 */
export function createAppConfig({ dir, name, port, exposes = {}, isHost = false }) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const production = process.env.NODE_ENV === 'production';
  const versionOf = (/** @type {string} */ dep) => {
    const wanted = pkg.dependencies?.[dep] ?? '';
    return wanted.startsWith('workspace:') ? false : wanted;
  };

  return {
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(dir, 'dist'),
      // Remotes resolve their chunks next to their remoteEntry, wherever it is deployed.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: name,
      clean: true,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
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
        shared: Object.fromEntries(
          SINGLETONS.map((dep) => [dep, { singleton: true, requiredVersion: versionOf(dep) }]),
        ),
      }),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: { splitChunks: production ? undefined : false },
    performance: { hints: false },
    experiments: { css: true },
    devServer: {
      port,
      historyApiFallback: true,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Every app proxies the API, so a remote's standalone page works against a real server too.
      proxy: [{ context: ['/api', '/company/select', '/remotes.json'], target: 'http://localhost:4000' }],
    },
  };
}
