import { type NotificationConfig, notificationConfigSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/notifications/configure: the selected garage's configuration. */
export const getConfiguration = (): Promise<NotificationConfig> =>
  request('api/notifications/configure', notificationConfigSchema);
