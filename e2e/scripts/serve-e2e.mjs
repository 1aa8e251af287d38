// Starts the production server for the browser tests: fresh embedded database,
// test-only routes on, and mf_franchise pointed at its own origin (see playwright.config.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'garage-e2e-'));
// Merged by the server into the default /remotes.json: only mf_franchise moves.
const remotes = { mf_franchise: 'http://127.0.0.1:3199/remoteEntry.js' };
const remotesFile = path.join(work, 'remotes.json');
writeFileSync(remotesFile, JSON.stringify(remotes));

const server = spawn('pnpm', ['--filter', 'api', 'start'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '3100',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'pglite'),
    REMOTES_JSON: remotesFile,
    ENABLE_TEST_ROUTES: '1',
    PARTNER_HOSTS: 'partner.localhost',
    // Browser tests sign the same demo user in more than 5 times a minute; the real limit is tested in the API suite.
    LOGIN_RATE_LIMIT_MAX: '100',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
