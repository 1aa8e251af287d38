// `pnpm test`: everything CI checks, in the order that fails fastest.
import { installDependencies, installSystemPackages, run } from './lib.mjs';

const started = Date.now();
installDependencies();
installSystemPackages();
run('Lint et format (Biome)', 'pnpm lint');
run('Vérification des types', 'pnpm typecheck');
run('Tests unitaires (front et contrats)', "pnpm -r --workspace-concurrency=1 --filter '!api' --filter '!e2e' test");
run('Tests API sur PGlite', 'pnpm --filter api test');
run('Tests API sur PostgreSQL', 'pnpm --filter api test:pg');
run('Build de production', 'pnpm build');
run('Livraison (pnpm release) démarrée hors du dépôt sur PostgreSQL', 'node scripts/check-release.mjs');
run('Storybook: build statique et contrôle de chaque story', 'pnpm --filter shared-ui test:stories');
run('Serveur de développement (pnpm dev sert chaque appel)', 'node scripts/check-dev-server.mjs');
run('Tests navigateur (Playwright, Chromium Debian)', 'pnpm --filter e2e e2e', {
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
});
console.log(`\nTous les tests passent (${((Date.now() - started) / 60000).toFixed(1)} min).`);
