import { NOTIFICATION_PAGE_SIZE, type NotificationListBody, notificationListResponseSchema } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/notifications/list: one tab of the drawer (page 1, 10 per page, archived excluded). */
export async function listNotifications(read: boolean) {
  const json: NotificationListBody = { page: 1, maxPerPage: NOTIFICATION_PAGE_SIZE, archived: false, read };
  return (await request('api/notifications/list', notificationListResponseSchema, { method: 'post', json })).data;
}
