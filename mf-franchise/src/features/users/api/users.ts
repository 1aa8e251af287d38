import { type GarageUserBody, garageUserRowSchema } from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/** GET /api/users (shared paging). */
export const userFetcher = pagedFetcher('api/users', garageUserRowSchema);

/** POST /api/users/new/{id}: 0 invites, > 0 sets the roles in the selected garage. */
export const saveUser = (id: number, body: GarageUserBody) =>
  request(`api/users/new/${id}`, garageUserRowSchema, { method: 'post', json: body });

/** POST /api/users/{id}/deactivate or /activate. */
export const setUserActive = (id: number, active: boolean) =>
  request(`api/users/${id}/${active ? 'activate' : 'deactivate'}`, garageUserRowSchema, { method: 'post' });
