import { unreadCountResponseSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/notifications/unread-nbre: the badge. */
export async function getUnreadCount(): Promise<number> {
  return (await request('api/notifications/unread-nbre', unreadCountResponseSchema)).count;
}
