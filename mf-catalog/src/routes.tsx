import type { ReactElement } from 'react';
import { createRemoteRoutes, lazyNamed, suspended } from 'shared-ui';

// Every page loads its code when opened: a list's chunk brings its server table and antd's Table in one wave, and
// the product form does not carry the table.
const ProductListPage = lazyNamed(() => import('./features/products/components/ProductListPage'), 'ProductListPage');
const StockListPage = lazyNamed(() => import('./features/stock/components/StockListPage'), 'StockListPage');
const ProductFormPage = lazyNamed(() => import('./features/products/components/ProductFormPage'), 'ProductFormPage');
const SupplierListPage = lazyNamed(
  () => import('./features/suppliers/components/SupplierListPage'),
  'SupplierListPage',
);
const InsurerListPage = lazyNamed(() => import('./features/insurers/components/InsurerListPage'), 'InsurerListPage');

/** Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx). */
export const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/product/list': suspended(<ProductListPage />),
  '/product/new/:id': suspended(<ProductFormPage />),
  '/stock/list': suspended(<StockListPage />),
  '/company/supplier-list': suspended(<SupplierListPage />),
  '/company/insurer-list': suspended(<InsurerListPage />),
};

/** `mf_catalog/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
