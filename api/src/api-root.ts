import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder, found by walking up to its package.json: the same answer whether this code
 * runs from `src/` through tsx (dev, tests) or from the compiled `dist/server.js` (production).
 */
function findApiRoot(from: string): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'api') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Dossier de l'API introuvable (package.json « api »)");
    dir = parent;
  }
}

export const API_ROOT = findApiRoot(dirname(fileURLToPath(import.meta.url)));
/** The workspace root: the apps' `dist` folders and `.data/` live under it. */
export const REPO_ROOT = dirname(API_ROOT);
