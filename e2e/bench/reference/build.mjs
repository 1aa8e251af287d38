// Builds the reference for production with rspack (run by `pnpm bench:web` in the folder it installed it in).
import { rspack } from '@rspack/core';

const HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>Ant Design Pro</title></head><body><div id="root"></div></body></html>';

const compiler = rspack({
  mode: 'production',
  context: import.meta.dirname,
  entry: './src/main.tsx',
  output: { path: `${import.meta.dirname}/dist`, filename: '[name].[contenthash:8].js', publicPath: '/', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        loader: 'builtin:swc-loader',
        type: 'javascript/auto',
        options: {
          jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
        },
      },
    ],
  },
  optimization: { splitChunks: { chunks: 'all' } },
  plugins: [new rspack.HtmlRspackPlugin({ templateContent: HTML })],
  performance: false,
});
compiler.run((error, stats) => {
  if (error || stats?.hasErrors()) {
    console.error(error ?? stats?.toString({ all: false, errors: true }));
    process.exit(1);
  }
  compiler.close(() => {});
});
