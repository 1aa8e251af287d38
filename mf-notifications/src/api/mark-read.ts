import { send } from 'shared-ui';

/** POST /api/notifications/{id}/mark-read (204). */
export const markNotificationRead = (id: number) => send(`api/notifications/${id}/mark-read`);
