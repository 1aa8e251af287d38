import { send } from 'shared-ui';

/** POST /api/notifications/mark-read (204): every notification of mine becomes read. */
export const markAllNotificationsRead = () => send('api/notifications/mark-read');
