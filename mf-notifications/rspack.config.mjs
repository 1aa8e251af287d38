import { createAppConfig } from 'rspack-config';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'mf_notifications',
  port: 3003,
  exposes: { './routes': './src/routes.tsx', './NotificationBell': './src/exposes/notification-bell.tsx' },
});
