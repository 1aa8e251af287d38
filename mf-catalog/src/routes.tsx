import type { ReactElement } from 'react';
import { createRemoteRoutes, lazyNamed, suspended } from 'shared-ui';
import { ProductListPage } from './features/products/components/ProductListPage';
import { StockListPage } from './features/stock/components/StockListPage';

// The lists a garage opens all day are eager; the form and the directories load their code when opened.
const ProductFormPage = lazyNamed(() => import('./features/products/components/ProductFormPage'), 'ProductFormPage');
const SupplierListPage = lazyNamed(
  () => import('./features/suppliers/components/SupplierListPage'),
  'SupplierListPage',
);
const InsurerListPage = lazyNamed(() => import('./features/insurers/components/InsurerListPage'), 'InsurerListPage');

/** Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx). */
export const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/product/list': <ProductListPage />,
  '/product/new/:id': suspended(<ProductFormPage />),
  '/stock/list': <StockListPage />,
  '/company/supplier-list': suspended(<SupplierListPage />),
  '/company/insurer-list': suspended(<InsurerListPage />),
};

/** `mf_catalog/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
