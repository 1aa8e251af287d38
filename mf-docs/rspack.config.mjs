import { createAppConfig } from 'rspack-config';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'mf_docs',
  port: 3006,
  exposes: { './routes': './src/routes.tsx' },
});
