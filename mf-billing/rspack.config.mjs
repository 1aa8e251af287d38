import { createAppConfig } from 'rspack-config';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'mf_billing',
  port: 3002,
  exposes: { './routes': './src/routes.tsx' },
});
