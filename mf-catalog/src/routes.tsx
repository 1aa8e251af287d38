import type { ReactElement } from 'react';
import { createRemoteRoutes } from 'shared-ui';
import { InsurerListPage } from './features/insurers/components/InsurerListPage';
import { ProductFormPage } from './features/products/components/ProductFormPage';
import { ProductListPage } from './features/products/components/ProductListPage';
import { StockListPage } from './features/stock/components/StockListPage';
import { SupplierListPage } from './features/suppliers/components/SupplierListPage';

/** Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx). */
export const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/product/list': <ProductListPage />,
  '/product/new/:id': <ProductFormPage />,
  '/stock/list': <StockListPage />,
  '/company/supplier-list': <SupplierListPage />,
  '/company/insurer-list': <InsurerListPage />,
};

/** `mf_catalog/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
