// @ts-check
/**
 * Writes `preload.json` beside the shell's index.html: the JS files a cold visit of the login page, or of
 * any product page, will need, so the server can list them in the HTML it sends (`<link rel="preload">`)
 * and the browser fetches them at once instead of one after the other (entry, then shared modules, then
 * the frame). Chunks are found by the names given in rspack-config and in the shell's dynamic imports.
 */
export class PreloadManifestPlugin {
  /** @param {{ login: string[], app: string[], appModules: RegExp[] }} groups chunk names, and modules whose chunks the app needs */
  constructor(groups) {
    this.groups = groups;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PreloadManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PreloadManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const stats = compilation.getStats().toJson({ all: false, chunks: true, chunkModules: true });
          const chunks = stats.chunks ?? [];
          /** @param {(chunk: (typeof chunks)[number]) => boolean} keep */
          const filesOf = (keep) => [
            ...new Set(chunks.filter(keep).flatMap((chunk) => (chunk.files ?? []).filter((f) => f.endsWith('.js')))),
          ];
          const named = (/** @type {string[]} */ names) => (/** @type {(typeof chunks)[number]} */ chunk) =>
            (chunk.names ?? []).some((name) => names.includes(name));
          const holdsAppModule = (/** @type {(typeof chunks)[number]} */ chunk) =>
            (chunk.modules ?? []).some((module) =>
              this.groups.appModules.some((pattern) => pattern.test(module.nameForCondition ?? '')),
            );
          const manifest = {
            login: filesOf(named(this.groups.login)),
            app: filesOf((chunk) => named(this.groups.app)(chunk) || holdsAppModule(chunk)),
          };
          compilation.emitAsset('preload.json', new RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}
