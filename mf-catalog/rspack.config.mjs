import { createAppConfig } from 'rspack-config';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'mf_catalog',
  port: 3004,
  exposes: { './routes': './src/routes.tsx' },
});
