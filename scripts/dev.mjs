// `pnpm dev`: the API in watch mode and every app's dev server with HMR.
// The API serves a remotes manifest pointing at the dev servers' ports.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const PORTS = {
  mf_folders: 3001,
  mf_billing: 3002,
  mf_notifications: 3003,
  mf_catalog: 3004,
  mf_franchise: 3005,
  mf_docs: 3006,
};
mkdirSync(path.join(ROOT, '.data'), { recursive: true });
const manifest = path.join(ROOT, '.data', 'remotes.dev.json');
writeFileSync(
  manifest,
  JSON.stringify(
    Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, `http://localhost:${port}/remoteEntry.js`])),
  ),
);

const children = [
  spawn('pnpm', ['--filter', 'api', 'dev'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: '4000',
      REMOTES_JSON: manifest,
      DEMO_SEED: '1',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    },
  }),
  spawn('pnpm', ['-r', '--parallel', '--filter', 'shell', '--filter', './mf-*', 'dev'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
