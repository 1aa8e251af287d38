import { type SupplierBody, supplierSchema } from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/** GET /api/supplier/list (shared paging). */
export const supplierFetcher = pagedFetcher('api/supplier/list', supplierSchema);

/** POST /api/supplier (new) or PUT /api/supplier/{id}. */
export const saveSupplier = (id: number | undefined, body: SupplierBody) =>
  id
    ? request(`api/supplier/${id}`, supplierSchema, { method: 'put', json: body })
    : request('api/supplier', supplierSchema, { method: 'post', json: body });
