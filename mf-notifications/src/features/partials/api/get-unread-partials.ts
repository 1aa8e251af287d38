import { UNREAD_PARTIALS_TIMEOUT_MS, type UnreadPartials, unreadPartialsResponseSchema } from 'contracts';
import { request } from 'shared-ui';

/** POST /api/notifications/unread-partials (cookies, 8 s timeout): server HTML; `{}` when nothing is unread. */
export function getUnreadPartials(): Promise<UnreadPartials> {
  return request('api/notifications/unread-partials', unreadPartialsResponseSchema, {
    method: 'post',
    timeout: UNREAD_PARTIALS_TIMEOUT_MS,
  });
}
