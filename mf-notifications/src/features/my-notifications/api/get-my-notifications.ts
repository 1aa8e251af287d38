import { notificationRowSchema } from 'contracts';
import { pagedFetcher } from 'shared-ui';

/** GET /api/notifications/me with the shared paging query. */
export const fetchMyNotifications = pagedFetcher('api/notifications/me', notificationRowSchema);
