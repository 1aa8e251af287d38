import {
  type ProductBody,
  pagedResponseSchema,
  productDetailSchema,
  productRowSchema,
  SUPPLIER_COLUMNS,
  supplierSchema,
} from 'contracts';
import { dataTablesFetcher, request } from 'shared-ui';

/** POST /api/product/list in the DataTables protocol (docs/product.md). */
export const productFetcher = dataTablesFetcher('api/product/list', productRowSchema);

/** Where the product page reads product `id`. */
export const productPath = (id: number) => `api/product/details/${id}`;

/** GET /api/product/details/{id}: the product page. */
export const getProduct = (id: number) => request(productPath(id), productDetailSchema);

/** POST /api/product (new) or PUT /api/product/{id}. */
export const saveProduct = (id: number, body: ProductBody) =>
  id > 0
    ? request(`api/product/${id}`, productDetailSchema, { method: 'put', json: body })
    : request('api/product', productDetailSchema, { method: 'post', json: body });

/**
 * The cache path of the supplier choices: the same as the purchase order's select (mf-billing), which reads the same
 * answer, so that both show one cached list and a supplier's change refreshes it (`api/supplier`).
 */
export const SUPPLIER_OPTIONS_PATH = 'api/supplier/list?page=1&pageSize=100';

/** The garage's suppliers for the product's select (the first 100 by name). */
export async function getSupplierOptions() {
  const page = await request('api/supplier/list', pagedResponseSchema(supplierSchema), {
    searchParams: { page: 1, pageSize: 100, columnsMap: JSON.stringify(SUPPLIER_COLUMNS) },
  });
  return page.data.map((supplier) => ({ value: supplier.id, label: supplier.name }));
}
