import { loadConfigOrExit } from './config';
import { runServer } from './run-server';

// The product's entry, built to dist/server.js: no test-only route can be in it (they live in test-support/).
await runServer(loadConfigOrExit());
