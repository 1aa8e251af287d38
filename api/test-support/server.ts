import { loadConfigOrExit } from '../src/config';
import { runServer } from '../src/run-server';
import { TEST_MODULES } from './modules';

/*
 * The browser tests' server: the product's start plus the test-only routes. It refuses to start unless the
 * configuration asks for test routes (`ENABLE_TEST_ROUTES=1`), so starting it by mistake opens nothing.
 */
const config = loadConfigOrExit();
if (!config.testRoutes) {
  console.error('Ce serveur de test ne démarre qu’avec ENABLE_TEST_ROUTES=1 : il ouvre des routes de test.');
  process.exit(1);
}
await runServer(config, TEST_MODULES);
