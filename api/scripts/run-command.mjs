// `pnpm admin:create`, `pnpm backup`, `pnpm restore`, `pnpm integrity-check`, `pnpm fec-check`, `pnpm verify-archive`:
// `node scripts/run-command.mjs <name> [arguments…]` runs the command compiled to dist/scripts/<name>.js with plain
// node, so a production install (no tsx, no development dependency) runs them once `pnpm build` made dist/, as for
// `pnpm --filter api start`. Where esbuild is installed (a development install) the command is compiled again first:
// half a second, and never yesterday's code run against today's database.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The command reads its own arguments from process.argv: the name given to this runner is not one of them.
const [name] = process.argv.splice(2, 1);
const root = path.resolve(import.meta.dirname, '..');

/** The compile step, or null on an install without esbuild (a production one). */
async function compiler() {
  try {
    return await import('./compile.mjs');
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes("'esbuild'")) return null;
    throw error;
  }
}

const compile = await compiler();
if (compile && !compile.COMMANDS.includes(name)) {
  console.error(`Commande inconnue : « ${name} ». Commandes : ${compile.COMMANDS.join(', ')}.`);
  process.exit(2);
}
if (compile) await compile.compileCommand(name);
const compiled = path.join(root, 'dist', 'scripts', `${name}.js`);
if (!existsSync(compiled)) {
  console.error(`La commande « ${name} » n'est pas compilée : lancez d'abord « pnpm build » (dossier api/dist).`);
  process.exit(1);
}
await import(pathToFileURL(compiled).href);
