// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { checkRemoteCompat } from '../contracts/src/remote-compat-check.mjs';

/**
 * Writes the app's compatibility contract beside its entry (`host-capabilities.json` for the shell,
 * `mf-compat.json` for a remote: shared-deps.mjs computes both). A remote built with `MF_HOST_CAPABILITIES`
 * (the deployed shell's host-capabilities.json) is checked against it: a remote that shell would refuse fails
 * its build with the reason, unless `MF_COMPAT=warn` (then it is a warning, and the server refuses it at load).
 */
export class CompatPlugin {
  /** @param {{ file: string, content: any }} compat */
  constructor(compat) {
    this.compat = compat;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CompatPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompatPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          compilation.emitAsset(this.compat.file, new RawSource(`${JSON.stringify(this.compat.content, null, 2)}\n`));
          const hostFile = process.env.MF_HOST_CAPABILITIES;
          if (this.compat.file !== 'mf-compat.json' || !hostFile) return;
          if (!existsSync(hostFile)) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(`MF_HOST_CAPABILITIES : ${hostFile} introuvable`),
            );
            return;
          }
          const result = checkRemoteCompat(this.compat.content, JSON.parse(readFileSync(hostFile, 'utf8')));
          if (result.compatible) return;
          const problem = new compiler.webpack.WebpackError(
            `Incompatible avec l'application déployée : ${result.reason}`,
          );
          (process.env.MF_COMPAT === 'warn' ? compilation.warnings : compilation.errors).push(problem);
        },
      );
    });
  }
}
