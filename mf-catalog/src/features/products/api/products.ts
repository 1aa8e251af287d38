import { type ProductBody, productDetailSchema, productRowSchema } from 'contracts';
import { dataTablesFetcher, request } from 'shared-ui';

/** POST /api/product/list in the DataTables protocol (spec section 7). */
export const productFetcher = dataTablesFetcher('api/product/list', productRowSchema);

/** GET /api/product/details/{id}: the product page. */
export const getProduct = (id: number) => request(`api/product/details/${id}`, productDetailSchema);

/** POST /api/product (new) or PUT /api/product/{id}. */
export const saveProduct = (id: number, body: ProductBody) =>
  id > 0
    ? request(`api/product/${id}`, productDetailSchema, { method: 'put', json: body })
    : request('api/product', productDetailSchema, { method: 'post', json: body });
