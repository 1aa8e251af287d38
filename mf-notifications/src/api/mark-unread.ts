import { send } from 'shared-ui';

/** POST /api/notifications/{id}/mark-unread (204). */
export const markNotificationUnread = (id: number) => send(`api/notifications/${id}/mark-unread`);
