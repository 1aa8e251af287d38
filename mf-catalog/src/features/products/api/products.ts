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

/** GET /api/product/details/{id}: the product page. */
export const getProduct = (id: number) => request(`api/product/details/${id}`, productDetailSchema);

/** POST /api/product (new) or PUT /api/product/{id}. */
export const saveProduct = (id: number, body: ProductBody) =>
  id > 0
    ? request(`api/product/${id}`, productDetailSchema, { method: 'put', json: body })
    : request('api/product', productDetailSchema, { method: 'post', json: body });

/** The garage's suppliers for the product's select (the first 100 by name). */
export async function getSupplierOptions() {
  const page = await request('api/supplier/list', pagedResponseSchema(supplierSchema), {
    searchParams: { page: 1, pageSize: 100, columnsMap: JSON.stringify(SUPPLIER_COLUMNS) },
  });
  return page.data.map((supplier) => ({ value: supplier.id, label: supplier.name }));
}
