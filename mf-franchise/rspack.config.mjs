import { createAppConfig } from 'rspack-config';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'mf_franchise',
  port: 3005,
  exposes: { './routes': './src/routes.tsx' },
});
