import { centrePayload } from '../../franchise/fixtures';
import type { MatrixEntry } from './entry';
import { lastYear, paging } from './probe-values';

/** What belongs to the network: its franchisor’s calls and its verification script. */
export const NETWORK_OPERATIONS: Record<string, MatrixEntry> = {
  // ------------------------------------------------------------------ the network's verification script
  'GET /api/docs/tree': {
    permission: 'docs',
    scope: 'list',
    probe: () => ({}),
    network: true,
    owner: { actor: 'head' },
  },
  'GET /api/docs/pages/{id}': {
    permission: 'docs',
    scope: 'record',
    probe: (r) => ({ params: { id: r.docPageId } }),
    network: true,
    owner: { actor: 'head' },
  },
  'PUT /api/docs/pages/{id}': {
    permission: 'docsEdit',
    scope: 'record',
    probe: (r) => ({ params: { id: r.docPageId }, payload: { title: 'Trame reprise', content: '<p>x</p>' } }),
    network: true,
    owner: { actor: 'head' },
  },
  'POST /api/docs/pages': {
    permission: 'docsEdit',
    scope: 'carried',
    probe: (r) => ({ payload: { title: 'Sous-page', content: '<p>x</p>', parentId: r.docPageId } }),
    network: true,
    owner: { actor: 'head' },
  },
  'GET /api/docs/pages/{id}/versions': {
    permission: 'docsEdit',
    scope: 'record',
    probe: (r) => ({ params: { id: r.docPageId } }),
    network: true,
    owner: { actor: 'head' },
  },
  'POST /api/docs/pages/{id}/versions/{version}/restore': {
    permission: 'docsEdit',
    scope: 'record',
    probe: (r) => ({ params: { id: r.docPageId, version: 1 } }),
    network: true,
    owner: { actor: 'head' },
  },

  // ------------------------------------------------------------------ franchise network
  'GET /api/franchise/{franchiseId}/network': {
    permission: 'franchise',
    scope: 'record',
    probe: (r) => ({ params: { franchiseId: r.franchiseId }, query: lastYear() }),
    owner: { actor: 'head' },
  },
  'PUT /api/franchise/{franchiseId}/unit-packs': {
    permission: 'franchise',
    scope: 'record',
    probe: (r) => ({ params: { franchiseId: r.franchiseId }, payload: { packs: null } }),
    owner: { actor: 'head' },
  },
  'GET /api/company/{franchiseId}/center-list': {
    permission: 'franchise',
    scope: 'record',
    probe: (r) => ({ params: { franchiseId: r.franchiseId }, query: paging }),
    owner: { actor: 'head', sees: false },
  },
  'POST /api/franchise/{franchiseId}/center': {
    permission: 'franchise',
    scope: 'record',
    probe: (r) => ({ params: { franchiseId: r.franchiseId }, payload: centrePayload(r.franchiseId) }),
    owner: { actor: 'head' },
  },
};
