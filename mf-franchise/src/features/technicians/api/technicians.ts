import { type TechnicianBody, technicianFormResponseSchema, technicianSchema } from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/** GET /api/technician/list (shared paging). */
export const technicianFetcher = pagedFetcher('api/technician/list', technicianSchema);

/** Where the fitter's form reads fitter `id`. */
export const technicianFormPath = (id: number) => `api/technician/new/${id}`;

/** GET /api/technician/new/{id}: the fitter (null for 0) and the garage's fitter accounts. */
export const getTechnicianForm = (id: number) => request(technicianFormPath(id), technicianFormResponseSchema);

/** POST /api/technician/new/{id} (0 = new). */
export const saveTechnician = (id: number, body: TechnicianBody) =>
  request(`api/technician/new/${id}`, technicianSchema, { method: 'post', json: body });
