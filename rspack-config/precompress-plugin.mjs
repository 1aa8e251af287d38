// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes `.gz` and `.br` next to every text asset, once at build time, so the
 * server sends compressed files without compressing on each request.
 */
export class PrecompressPlugin {
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
