import { type NotificationDetail, notificationDetailResponseSchema } from 'contracts';
import { request } from 'shared-ui';

/** GET /api/notifications/{id}: one of my notifications (404 "Notification introuvable" otherwise). */
export const getNotification = (id: number): Promise<NotificationDetail> =>
  request(`api/notifications/${id}`, notificationDetailResponseSchema);
