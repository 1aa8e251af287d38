import path from 'node:path';
import { createAppConfig } from 'rspack-config';
import { createServiceWorkerConfig } from 'rspack-config/service-worker';

const dir = import.meta.dirname;
const app = { ...createAppConfig({ dir, name: 'shell', port: 3000, isHost: true }), name: 'shell' };

// Production also builds the fitter's app service worker, after the shell (it lists the shell's files).
export default process.env.NODE_ENV === 'production'
  ? [
      app,
      createServiceWorkerConfig({
        dir,
        entry: './src/service-worker/sw.ts',
        after: 'shell',
        copy: path.join(dir, 'pwa'),
      }),
    ]
  : app;
