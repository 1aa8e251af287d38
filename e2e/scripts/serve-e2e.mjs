// Starts the production server for the browser tests, with mf_franchise pointed at its own origin (see
// playwright.config.ts).
import { runUntilStopped, startProductionServer } from './production-server.mjs';

runUntilStopped([
  startProductionServer({ port: 3100, remotes: { mf_franchise: 'http://127.0.0.1:3199/remoteEntry.js' } }),
]);
