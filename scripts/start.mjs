// `pnpm start`: install, build every app, then serve the whole product with
// demo data on http://localhost:3000 (migrations and seed run at API start).
import { installDependencies, run } from './lib.mjs';

installDependencies();
run('Build de production', 'pnpm build');
run('Démarrage sur http://localhost:3000', 'pnpm --filter api start', {
  NODE_ENV: 'production',
  // The demo network and its accounts: only this command (and pnpm dev) plants them (README, operations).
  DEMO_SEED: '1',
  PORT: process.env.PORT ?? '3000',
});
