import { type InsurerBody, insurerSchema } from 'contracts';
import { pagedFetcher, request, send } from 'shared-ui';

/** GET /api/insurer/list (shared paging): the garage's entries and its network's. */
export const insurerFetcher = pagedFetcher('api/insurer/list', insurerSchema);

/** POST /api/insurer (new) or PUT /api/insurer/{id}. */
export const saveInsurer = (id: number | undefined, body: InsurerBody) =>
  id
    ? request(`api/insurer/${id}`, insurerSchema, { method: 'put', json: body })
    : request('api/insurer', insurerSchema, { method: 'post', json: body });

/** DELETE /api/insurer/{id}: 409 while a folder names it. */
export const deleteInsurer = (id: number) => send(`api/insurer/${id}`, { method: 'delete' });
