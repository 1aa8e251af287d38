import type { MatrixEntry } from './entry';
import { EXPORT_FORMATS, paging, period } from './probe-values';

/** The books: the inalterable chain, archives, closings and accounting. */
export const BOOKS_OPERATIONS: Record<string, MatrixEntry> = {
  // ------------------------------------------------------------------ the books: chain, archives, closings, accounting
  'GET /api/integrity/{companyId}': {
    permission: 'integrity',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'GET /api/integrity/public-key': {
    permission: 'integrity',
    scope: 'list',
    probe: () => ({}),
    owner: { sees: false },
    why: 'the instance’s one public key, the same for every garage',
  },
  'GET /api/integrity/{companyId}/archives': {
    permission: 'integrity',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'POST /api/integrity/{companyId}/archives': {
    permission: 'integrity',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, payload: period() }),
  },
  'GET /api/integrity/{companyId}/archives/{id}/file': {
    permission: 'integrity',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, id: r.archiveId } }),
  },
  'GET /api/closings/list': {
    permission: 'integrity',
    scope: 'list',
    probe: () => ({ query: paging }),
    owner: { sees: false },
  },
  // ------------------------------------------------------------------ e-reporting (Flux 10)
  'GET /api/company/{companyId}/ereporting': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'GET /api/company/{companyId}/ereporting/list': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, query: paging }),
  },
  'GET /api/company/{companyId}/ereporting/{id}/file': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, id: r.ereportId } }),
  },
  'POST /api/company/{companyId}/ereporting/run': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
    why: 'the owner’s platform (the unreachable one a probe saved) gets the reports queued: they wait in the outbox',
  },
  'POST /api/company/{companyId}/ereporting/{id}/correction': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, id: r.ereportId } }),
    owner: { status: 409 },
    why: 'the owner’s transmission waits in the outbox: only a rejected or blocked one is corrected',
  },
  'GET /api/accounting/{companyId}': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'PUT /api/accounting/{companyId}/accounts': {
    permission: 'accountMapping',
    scope: 'record',
    probe: (r) => ({
      params: { companyId: r.companyId },
      payload: { accounts: [{ key: 'bank', account: '5121', label: 'Banque reprise' }] },
    }),
  },
  'GET /api/accounting/{companyId}/summary': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, query: period() }),
  },
  'GET /api/accounting/{companyId}/entries': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, query: { ...period(), journal: 'VT' } }),
  },
  'GET /api/accounting/{companyId}/fec': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, query: period() }),
  },
  'GET /api/accounting/{companyId}/journals/export': {
    permission: 'accounting',
    scope: 'record',
    probe: (r) =>
      EXPORT_FORMATS.map((format) => ({ params: { companyId: r.companyId }, query: { ...period(), format } })),
  },
};
