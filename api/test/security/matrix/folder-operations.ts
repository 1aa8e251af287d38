import { randomUUID } from 'node:crypto';
import { APPOINTMENT_COMMENT_FIELD, APPOINTMENT_DATE_FIELD } from 'contracts';
import type { MatrixEntry } from './entry';
import { FOLDER_CLOSE, folder, lastYear, paging, pdfFile, week } from './probe-values';

/** Folders, their documents and activity, the calendar, the fitter’s day and the dashboard. */
export const FOLDER_OPERATIONS: Record<string, MatrixEntry> = {
  // ------------------------------------------------------------------ folders
  'GET /api/folder/default-values': {
    permission: 'folderView',
    scope: 'list',
    probe: () => ({}),
    owner: { sees: false },
  },
  'POST /api/folder/new/{type}': {
    permission: 'folderCreate',
    scope: 'carried',
    probe: (r) => ({
      params: { type: 'interne' },
      payload: {
        lastName: 'Nouveau',
        plate: 'QA-123-QA',
        insurerId: r.insurerId,
        knownById: r.knownId,
        technicianId: r.technicianId,
      },
    }),
  },
  'GET /api/company/{companyId}/status-folder': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'GET /api/company/{companyId}/status-folder/{id}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, id: r.statusId } }),
  },
  'GET /api/customer/{folderId}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { folderId: r.folderId } }),
  },
  'GET /api/customer/matches': {
    permission: 'folderCreate',
    scope: 'list',
    probe: (r) => ({ query: { plate: r.plate, lastName: r.mark } }),
  },
  'POST /api/customer/matches/{source}/{id}': {
    permission: 'folderCreate',
    scope: 'record',
    probe: (r) => ({ params: { source: 'folder', id: r.folderId } }),
  },
  'GET /api/vehicle/{plate}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { plate: r.plate } }),
  },
  'GET /api/folder/{id}/work-order/{action}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { ...folder(r), action: 'download' } }),
  },
  'POST /api/folder/{id}/work-order/sign': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: folder(r), payload: { signerName: 'Isidore Client', accepted: true } }),
    owner: { status: 201 },
  },
  'GET /api/folder/{id}/delivery-report/{action}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { ...folder(r), action: 'download' } }),
  },
  'POST /api/folder/{id}/delivery-report/sign': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: folder(r), payload: { signerName: 'Isidore Client', accepted: true } }),
    owner: { status: 201 },
  },
  'GET /api/folder/{id}/sms': { permission: 'folderView', scope: 'record', probe: (r) => ({ params: folder(r) }) },
  'POST /api/folder/{id}/sms': {
    permission: 'folderEdit',
    scope: 'record',
    probe: (r) => ({ params: folder(r), payload: { text: 'Votre véhicule #PLAQUE# est prêt' } }),
    owner: { status: 201 },
  },
  'GET /api/folder/list/all': {
    permission: 'folderView',
    scope: 'list',
    probe: (r) => [{ query: paging }, { query: { ...paging, search: r.folderNumber } }],
  },
  'POST /api/folder/app/search': {
    permission: 'folderView',
    scope: 'list',
    probe: (r) => [
      { payload: { companyId: 0, search: r.folderNumber } },
      { payload: { companyId: 0, search: r.plate } },
    ],
  },
  'GET /api/folder/{id}': { permission: 'folderView', scope: 'record', probe: (r) => ({ params: folder(r) }) },
  'PUT /api/folder/{id}': {
    permission: 'folderEdit',
    scope: 'record',
    probe: (r) => ({
      params: folder(r),
      // Insurer, claim and deductible kept: the owner's later calls (sending, cession, « Facturer la franchise ») need them.
      payload: {
        lastName: 'Repris',
        plate: r.plate,
        insurerId: r.insurerId,
        claimNumber: 'SIN-MATRICE-1',
        deductibleAmount: '1,00',
      },
    }),
  },
  'GET /api/folder/show/{id}': { permission: 'folderView', scope: 'record', probe: (r) => ({ params: folder(r) }) },
  'POST /api/comment/add/{id}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: folder(r), payload: { content: 'Un commentaire' } }),
  },
  'POST /api/contact-access-log/create': {
    permission: 'folderContact',
    scope: 'carried',
    probe: (r) => ['phone', 'mail', 'address'].map((type) => ({ payload: { folderId: r.folderId, type } })),
  },
  'POST /api/folder/status-folder/{id}/{statusId}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { id: r.folderId, statusId: r.statusId } }),
  },
  'PUT /api/folder/{id}/appointment/update': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({
      params: folder(r),
      multipart: {
        [APPOINTMENT_DATE_FIELD]: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        [APPOINTMENT_COMMENT_FIELD]: 'RDV',
        folderId: String(r.folderId),
        scheduled: '1',
      },
    }),
  },
  'POST /api/folder/{id}/appointment/update': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({
      params: folder(r),
      multipart: {
        [APPOINTMENT_DATE_FIELD]: new Date(Date.now() + 1 * 86_400_000).toISOString(),
        [APPOINTMENT_COMMENT_FIELD]: 'RDV',
        folderId: String(r.folderId),
        scheduled: '1',
      },
    }),
  },
  'POST /api/folder/{id}/close': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: folder(r), payload: { ...FOLDER_CLOSE, comment: 'Fermé' } }),
  },
  'POST /api/folder/{id}/reopen': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: folder(r), payload: { comment: 'Rouvert' } }),
  },
  'POST /api/folder/{id}/send': { permission: 'folderEdit', scope: 'record', probe: (r) => ({ params: folder(r) }) },
  'GET /invoice/displaySentFolderModal/{folderId}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { folderId: r.folderId } }),
  },
  'GET /api/folder/{id}/documents': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: folder(r) }),
  },
  'POST /api/folder/{id}/documents': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: folder(r), multipart: { nameFileDoc: 'Photo', typeFile: 'Autre', files: pdfFile() } }),
  },
  'GET /api/folder/{id}/documents/{documentId}/download': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { id: r.folderId, documentId: r.documentId } }),
  },
  'GET /cession/{folderId}/{action}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ['view', 'download'].map((action) => ({ params: { folderId: r.folderId, action } })),
  },
  'POST /api/sign/{id}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: folder(r), payload: { signerName: 'Autre Signataire', accepted: true } }),
  },
  'GET /api/folder/{id}/billing-documents': {
    permission: 'session',
    scope: 'record',
    probe: (r) => ({ params: folder(r) }),
  },

  // ------------------------------------------------------------------ calendar, fitter
  'GET /api/calendar': { permission: 'calendar', scope: 'list', probe: () => ({ query: week() }) },
  'PUT /api/calendar/appointment/{folderId}': {
    permission: 'calendar',
    scope: 'record',
    probe: (r) => ({
      params: { folderId: r.folderId },
      payload: {
        start: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        minutes: 60,
        technicianId: r.technicianId,
      },
    }),
  },
  'DELETE /api/calendar/appointment/{folderId}': {
    permission: 'calendar',
    scope: 'record',
    probe: (r) => ({ params: { folderId: r.folderId } }),
  },
  'GET /api/fitter/tasks/today': {
    permission: 'fitterSteps',
    scope: 'list',
    probe: () => ({}),
    owner: { sees: false },
    why: 'the owner’s appointment is tomorrow: today’s list of everyone is empty (the folder route below is the probe)',
  },
  'GET /api/fitter/folders/{folderId}': {
    permission: 'fitterSteps',
    scope: 'record',
    probe: (r) => ({ params: { folderId: r.folderId } }),
  },
  'POST /api/fitter/folders/{folderId}/steps': {
    permission: 'fitterSteps',
    scope: 'record',
    probe: (r) => ({
      params: { folderId: r.folderId },
      multipart: { step: '1', doneAt: new Date().toISOString(), idempotencyKey: randomUUID() },
    }),
  },

  // ------------------------------------------------------------------ dashboard
  ...Object.fromEntries(
    ['folders-by-status', 'folders-by-insurance', 'stats-insurances', 'stats-knownby', 'rankings'].map((path) => [
      `GET /api/dashboard/${path}`,
      {
        permission: 'dashboard',
        scope: 'list',
        probe: () => ({ query: lastYear() }),
        owner: { sees: false },
        why: 'figures without names: the compare with the answer before the owner’s records existed is the probe',
      } satisfies MatrixEntry,
    ]),
  ),
  'GET /api/dashboard/chart/{type}': {
    permission: 'dashboard',
    scope: 'list',
    probe: () => ['created-per-month', 'closed-per-month'].map((type) => ({ params: { type }, query: lastYear() })),
    owner: { sees: false },
  },
  'GET /api/dashboard': { permission: 'dashboard', scope: 'list', probe: () => ({ query: lastYear() }) },
  'GET /api/dashboard/money': {
    permission: 'invoices',
    scope: 'list',
    probe: () => ({ query: lastYear() }),
    owner: { sees: false },
    why: 'sums per garage: the compare with the answer before the owner’s records existed is the probe',
  },
};
