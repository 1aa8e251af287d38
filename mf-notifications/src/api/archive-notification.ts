import { send } from 'shared-ui';

/** POST /api/notifications/{id}/archive with form data (docs/product.md), 204. */
export function archiveNotification(id: number) {
  const body = new FormData();
  body.set('id', String(id));
  return send(`api/notifications/${id}/archive`, { body });
}
