import type { MatrixEntry } from './entry';
import { paging } from './probe-values';

/** Products, stock, suppliers and insurers. */
export const CATALOGUE_OPERATIONS: Record<string, MatrixEntry> = {
  // ------------------------------------------------------------------ catalogue, stock, suppliers, insurers
  'POST /api/product/list': {
    permission: 'products',
    scope: 'list',
    probe: () => ({
      payload: { draw: 1, start: 0, length: 100, search: { value: '', regex: false }, order: [], columns: [] },
    }),
  },
  'GET /product/{id}': {
    permission: 'authenticated',
    scope: 'record',
    probe: (r) => ({ params: { id: r.productId } }),
  },
  'GET /product/search/{term}': {
    permission: 'authenticated',
    scope: 'list',
    probe: (r) => ({ params: { term: r.mark } }),
  },
  'GET /api/product/search': {
    permission: 'authenticated',
    scope: 'list',
    probe: (r) => ({ query: { term: r.mark } }),
  },
  'GET /api/product/details/{id}': {
    permission: 'products',
    scope: 'record',
    probe: (r) => ({ params: { id: r.productId } }),
  },
  'POST /api/product': {
    permission: 'products',
    scope: 'own',
    probe: () => ({ payload: { name: 'Produit à soi', price: '10,00' } }),
  },
  'PUT /api/product/{id}': {
    permission: 'products',
    scope: 'record',
    probe: (r) => ({
      params: { id: r.productId },
      payload: { name: 'Produit repris', price: '1,00', stockTracked: true },
    }),
  },
  'GET /api/stock/list': { permission: 'stocks', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/stock/movements': {
    permission: 'stocks',
    scope: 'carried',
    probe: (r) => ({ payload: { productId: r.productId, kind: 'adjustment', quantity: -1, reason: 'casse' } }),
  },
  'GET /api/stock/{productId}/movements': {
    permission: 'stocks',
    scope: 'record',
    probe: (r) => ({ params: { productId: r.productId } }),
  },
  'PUT /api/stock/{productId}/threshold': {
    permission: 'stocks',
    scope: 'record',
    probe: (r) => ({ params: { productId: r.productId }, payload: { threshold: 9 } }),
  },
  'GET /api/supplier/list': { permission: 'suppliers', scope: 'list', probe: () => ({ query: paging }) },
  'GET /api/supplier/{id}': {
    permission: 'suppliers',
    scope: 'record',
    probe: (r) => ({ params: { id: r.supplierId } }),
  },
  'PUT /api/supplier/{id}': {
    permission: 'suppliers',
    scope: 'record',
    probe: (r) => ({ params: { id: r.supplierId }, payload: { name: 'Fournisseur repris' } }),
  },
  'POST /api/supplier': {
    permission: 'suppliers',
    scope: 'own',
    probe: () => ({ payload: { name: 'Fournisseur à soi' } }),
  },
  'GET /api/insurer/list': { permission: 'insurers', scope: 'list', probe: () => ({ query: paging }) },
  'GET /api/insurer/{id}': { permission: 'insurers', scope: 'record', probe: (r) => ({ params: { id: r.insurerId } }) },
  'PUT /api/insurer/{id}': {
    permission: 'insurers',
    scope: 'record',
    probe: (r) => ({ params: { id: r.insurerId }, payload: { shortName: 'Repris', legalName: 'Assureur repris' } }),
  },
  'DELETE /api/insurer/{id}': {
    permission: 'insurers',
    scope: 'record',
    probe: (r) => ({ params: { id: r.spareInsurerId } }),
    why: 'the folder’s insurer is not deleted (409): an insurer of no folder is the probe',
  },
  'POST /api/insurer': {
    permission: 'insurers',
    scope: 'own',
    probe: () => ({ payload: { shortName: 'A soi', legalName: 'Assureur à soi' } }),
  },
};
