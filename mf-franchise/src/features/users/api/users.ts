import { type GarageUserBody, garageUserRowSchema, invitationSentSchema, pendingInvitationSchema } from 'contracts';
import { pagedFetcher, request, send } from 'shared-ui';

/** GET /api/users (shared paging). */
export const userFetcher = pagedFetcher('api/users', garageUserRowSchema);

/** POST /api/users/new/{id}: 0 invites (202, a pending invitation), > 0 sets the roles in the selected garage. */
export const saveUser = (id: number, body: GarageUserBody) =>
  id === 0
    ? request('api/users/new/0', invitationSentSchema, { method: 'post', json: body })
    : request(`api/users/new/${id}`, garageUserRowSchema, { method: 'post', json: body });

/** POST /api/users/{id}/deactivate or /activate: the membership of the selected garage only. */
export const setUserActive = (id: number, active: boolean) =>
  request(`api/users/${id}/${active ? 'activate' : 'deactivate'}`, garageUserRowSchema, { method: 'post' });

/** GET /api/users/invitations: the pending invitations (shared paging). */
export const invitationFetcher = pagedFetcher('api/users/invitations', pendingInvitationSchema);

/** DELETE /api/users/invitations/{id}: the link stops working at once. */
export const cancelInvitation = (id: number) => send(`api/users/invitations/${id}`, { method: 'delete' });

/** POST /api/users/{id}/two-factor/reset (super admin): a lost phone; logged in the garage's event log. */
export const resetTwoFactor = (id: number) => send(`api/users/${id}/two-factor/reset`);
