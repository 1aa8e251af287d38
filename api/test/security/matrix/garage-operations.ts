import { DEFAULT_NOTIFICATION_CONFIG, guessMapping } from 'contracts';
import type { MatrixEntry } from './entry';
import { PNG } from './owner-records';
import { paging } from './probe-values';

/** The owner's uploaded file's columns: « Nom » then « Immatriculation ». */
const IMPORT_MAPPING = guessMapping(['Nom', 'Immatriculation']);

/** The garage itself: its company pages and settings, users and fitters, notifications and messages. */
export const GARAGE_OPERATIONS: Record<string, MatrixEntry> = {
  // ------------------------------------------------------------------ company
  'GET /api/company/infos': { permission: 'authenticated', scope: 'list', probe: () => ({}), owner: { sees: false } },
  'GET /api/company/search': {
    permission: 'authenticated',
    scope: 'list',
    probe: () => ({ query: { q: 'Garage de test' } }),
    owner: { sees: false },
    why: 'the owner’s garage name is not a mark; its id is (the list compare catches a foreign garage)',
  },
  'PUT /api/company/{companyId}/default-tax-rate': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, payload: { defaultTaxRate: 20 } }),
  },
  'GET /api/company/{companyId}/setup': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'GET /api/company/{companyId}/sending': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'PUT /api/company/{companyId}/sending/mail': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({
      params: { companyId: r.companyId },
      payload: {
        level: 'garage',
        // Port 9 on this machine refuses at once: the owner's test below is refused without a name lookup.
        server: {
          host: '127.0.0.1',
          port: 9,
          security: 'none',
          username: '',
          fromAddress: 'a@exemple.fr',
          fromName: '',
        },
      },
    }),
  },
  'PUT /api/company/{companyId}/sending/sms': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({
      params: { companyId: r.companyId },
      payload: { level: 'garage', provider: { apiUrl: 'http://127.0.0.1:9/v3', sender: 'GARAGE' } },
    }),
  },
  'DELETE /api/company/{companyId}/sending/{channel}': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, channel: 'sms' }, query: { level: 'garage' } }),
  },
  'POST /api/company/{companyId}/sending/{channel}/test': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, channel: 'sms' }, payload: { to: '06 12 34 56 78' } }),
    why: 'the owner’s provider is the probe’s above (deletions run last): 200 with the refusal the server answered',
  },
  'GET /api/company/{companyId}/einvoicing': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'PUT /api/company/{companyId}/einvoicing': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({
      params: { companyId: r.companyId },
      // Port 9 on this machine refuses at once: the owner's test below fails at the token, without a name lookup.
      payload: {
        level: 'garage',
        platform: {
          flowUrl: 'http://127.0.0.1:9/flow-service',
          directoryUrl: 'http://127.0.0.1:9/directory-service',
          tokenUrl: 'http://127.0.0.1:9/token',
          clientId: 'garage',
          clientSecret: 'secret',
        },
      },
    }),
  },
  'DELETE /api/company/{companyId}/einvoicing': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, query: { level: 'garage' } }),
  },
  'POST /api/company/{companyId}/einvoicing/test': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
    why: 'the owner’s platform is the probe’s above (deletions run last): 200 with the step that failed',
  },
  'GET /api/company/{companyId}/einvoicing/directory/{siren}': {
    permission: 'billingDocuments',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, siren: '552341638' } }),
    why: 'the owner’s platform is the unreachable one a probe saved: 200 « injoignable »',
  },
  'POST /api/imports': {
    permission: 'imports',
    scope: 'own',
    probe: () => ({ multipart: { file: new Blob(['Nom;Immatriculation\r\nPersonne;ZZ-999-ZZ\r\n']) } }),
    why: 'a file uploaded into the caller’s own selected garage, naming nothing of the owner’s',
  },
  'GET /api/imports': { permission: 'imports', scope: 'list', probe: () => ({}) },
  'GET /api/imports/{id}': {
    permission: 'imports',
    scope: 'record',
    probe: (r) => ({ params: { id: r.importId } }),
  },
  'GET /api/imports/{id}/file': {
    permission: 'imports',
    scope: 'record',
    probe: (r) => ({ params: { id: r.importId } }),
  },
  'POST /api/imports/{id}/check': {
    permission: 'imports',
    scope: 'record',
    probe: (r) => ({ params: { id: r.importId }, payload: { mapping: IMPORT_MAPPING } }),
  },
  'POST /api/imports/{id}/run': {
    permission: 'imports',
    scope: 'record',
    probe: (r) => ({ params: { id: r.importId }, payload: { mapping: IMPORT_MAPPING } }),
  },
  'POST /api/imports/{id}/undo': {
    permission: 'imports',
    scope: 'record',
    probe: (r) => ({ params: { id: r.importId } }),
  },
  'GET /api/demo/messages': {
    permission: 'authenticated',
    scope: 'list',
    probe: () => ({}),
    owner: { sees: false },
    why: 'the owner’s garage sends nothing to the sink here; who sees which message: test/demo-sink.test.ts',
  },
  'GET /api/demo/messages/{id}/attachments/{index}': {
    permission: 'authenticated',
    scope: 'record',
    probe: () => ({ params: { id: 'x', index: 0 } }),
    owner: { status: 404 },
    lower: { fitter: 404, accountant: 404, cmd: 404, customerService: 404, commercial: 404 },
    why: 'no message of that id, for anyone; who reads which file: test/demo-sink.test.ts',
  },
  'GET /api/company/{id}/users': {
    permission: 'authenticated',
    scope: 'record',
    probe: (r) => ({ params: { id: r.companyId } }),
  },
  'POST /company/select/{companyId}': {
    permission: 'session',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'POST /api/company/{companyId}/logo': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, multipart: { file: new Blob([new Uint8Array(PNG)]) } }),
  },
  'GET /api/company/{companyId}/logo': {
    permission: 'authenticated',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
    network: true,
    why: 'a garage’s logo is drawn for the garages of its franchise too (the route’s rule); no other network’s',
  },
  'DELETE /api/company/{companyId}/logo': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'GET /api/company/{companyId}/profile': {
    permission: 'companyProfile',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'PUT /api/company/{companyId}/profile': {
    permission: 'companyProfile',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, payload: r.profile }),
  },
  'GET /api/company/consumption/list': { permission: 'consumption', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/company/consumption/list': {
    permission: 'consumption',
    scope: 'list',
    probe: () => ({ payload: paging }),
  },

  // ------------------------------------------------------------------ the garage's settings
  'GET /api/company/{companyId}/known': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'POST /api/company/{companyId}/known': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, payload: { label: 'Bouche à oreille bis' } }),
  },
  'GET /api/company/{companyId}/known/{knownId}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, knownId: r.knownId } }),
  },
  'PUT /api/company/{companyId}/known/{knownId}': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, knownId: r.knownId }, payload: { label: 'Renommé' } }),
  },
  'DELETE /api/company/{companyId}/known/{knownId}': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, knownId: r.knownId } }),
  },
  'GET /api/company/{companyId}/folder-statuses': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'POST /api/company/{companyId}/folder-statuses': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, payload: { label: 'Autre statut', color: 'red' } }),
  },
  'PUT /api/company/{companyId}/folder-statuses/order': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId }, payload: { ids: [r.statusId] } }),
    owner: { status: 400 },
    why: 'the owner must list every status: one alone is refused (the refusal of others is 403/404)',
  },
  'PUT /api/company/{companyId}/folder-statuses/{statusId}': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({
      params: { companyId: r.companyId, statusId: r.statusId },
      payload: { label: 'Statut renommé', color: 'green' },
    }),
  },
  'DELETE /api/company/{companyId}/folder-statuses/{statusId}': {
    permission: 'companySettings',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId, statusId: r.statusId } }),
  },

  // ------------------------------------------------------------------ users and fitters of the garage
  'GET /api/users': { permission: 'users', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/users/new/{id}': {
    permission: 'users',
    scope: 'record',
    probe: (r) => ({ params: { id: r.fitterUserId }, payload: { roles: ['ROLE_POSEUR'] } }),
  },
  'GET /api/users/invitations': { permission: 'users', scope: 'list', probe: () => ({}) },
  'DELETE /api/users/invitations/{id}': {
    permission: 'users',
    scope: 'record',
    probe: (r) => ({ params: { id: r.invitationId } }),
  },
  'POST /api/users/{id}/deactivate': {
    permission: 'users',
    scope: 'record',
    probe: (r) => ({ params: { id: r.fitterUserId } }),
  },
  'POST /api/users/{id}/activate': {
    permission: 'users',
    scope: 'record',
    probe: (r) => ({ params: { id: r.fitterUserId } }),
  },
  // Two-factor sign-in: the garage's policy, a super admin's reset (test/auth/two-factor-admin.test.ts).
  'GET /api/company/{companyId}/mfa-policy': {
    permission: 'mfaPolicy',
    scope: 'record',
    probe: (r) => ({ params: { companyId: r.companyId } }),
  },
  'PUT /api/company/{companyId}/mfa-policy': {
    permission: 'mfaPolicy',
    scope: 'record',
    // None, as the test garages have: the owner's pass leaves its garage as it was.
    probe: (r) => ({ params: { companyId: r.companyId }, payload: { roles: [] } }),
  },
  'POST /api/users/{id}/two-factor/reset': {
    permission: 'mfaReset',
    scope: 'record',
    probe: (r) => ({ params: { id: r.fitterUserId } }),
    owner: { status: 403 },
    why: 'a super admin’s only: every actor, the owner too, is refused by the table; a super admin of another garage gets 404 (test/auth/two-factor-admin.test.ts)',
  },
  // The caller's own account: no path nor body names anyone else's (test/auth/two-factor-sign-in.test.ts).
  'GET /api/account/two-factor': { permission: 'session', scope: 'own', probe: () => ({}) },
  'POST /api/account/two-factor/setup': {
    permission: 'session',
    scope: 'carried',
    probe: () => ({ payload: { password: 'Pas-le-bon-2026' } }),
    owner: { status: 400 },
    why: 'a password that is not the caller’s is refused (400) to everyone, on their own account; the right one: test/auth/two-factor-sign-in.test.ts',
  },
  'POST /api/account/two-factor/enable': {
    permission: 'session',
    scope: 'carried',
    probe: () => ({ payload: { code: '000000' } }),
    owner: { status: 400 },
    why: 'a code nobody’s app shows is refused (400) to everyone, on their own account; a right one: test/auth/two-factor-sign-in.test.ts',
  },
  'POST /api/account/two-factor/disable': {
    permission: 'session',
    scope: 'carried',
    probe: () => ({ payload: { code: '000000' } }),
    owner: { status: 400 },
    why: 'nobody here has a factor on: 400 for everyone, on their own account (test/auth/two-factor-sign-in.test.ts)',
  },
  'POST /api/account/two-factor/recovery-codes': {
    permission: 'session',
    scope: 'carried',
    probe: () => ({ payload: { code: '000000' } }),
    owner: { status: 400 },
    why: 'nobody here has a factor on: 400 for everyone, on their own account (test/auth/two-factor-sign-in.test.ts)',
  },
  'GET /api/technician/list': { permission: 'technicians', scope: 'list', probe: () => ({ query: paging }) },
  'GET /api/technician/new/{id}': {
    permission: 'technicians',
    scope: 'record',
    probe: (r) => ({ params: { id: r.technicianId } }),
  },
  'POST /api/technician/new/{id}': {
    permission: 'technicians',
    scope: 'record',
    probe: (r) => ({
      params: { id: r.technicianId },
      payload: { name: 'Poseur repris', color: '#000000', userId: null },
    }),
  },
  // ------------------------------------------------------------------ notifications, messages
  'GET /api/notifications/me': { permission: 'notifications', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/notifications/list': {
    permission: 'notifications',
    scope: 'list',
    probe: () => ({ payload: { page: 1, maxPerPage: 100, archived: false } }),
  },
  'GET /api/notifications/unread-nbre': {
    permission: 'notifications',
    scope: 'list',
    probe: () => ({}),
    owner: { sees: false },
  },
  'POST /api/notifications/mark-read': { permission: 'notifications', scope: 'own', probe: () => ({}) },
  'POST /api/notifications/unread-partials': { permission: 'notifications', scope: 'list', probe: () => ({}) },
  'GET /api/notifications/{id}': {
    permission: 'notifications',
    scope: 'record',
    probe: (r) => ({ params: { id: r.notificationId } }),
    lower: { fitter: 404, cmd: 404, customerService: 404, commercial: 404 },
    why: 'a notification is its user’s own: no other user of the garage reads the owner’s',
  },
  'POST /api/notifications/{id}/mark-read': {
    permission: 'notifications',
    scope: 'record',
    probe: (r) => ({ params: { id: r.notificationId } }),
  },
  'POST /api/notifications/{id}/mark-unread': {
    permission: 'notifications',
    scope: 'record',
    probe: (r) => ({ params: { id: r.notificationId } }),
  },
  'POST /api/notifications/{id}/archive': {
    permission: 'notifications',
    scope: 'record',
    probe: (r) => ({ params: { id: r.notificationId } }),
  },
  'GET /api/notifications/configure': {
    permission: 'notificationSettings',
    scope: 'list',
    probe: () => ({}),
    owner: { sees: false },
  },
  'POST /api/notifications/configure': {
    permission: 'notificationSettings',
    scope: 'carried',
    probe: (r) => ({
      payload: { ...DEFAULT_NOTIFICATION_CONFIG, defaultRecipients: 'adminOwner', usersRecipients: [r.fitterUserId] },
    }),
  },
  'GET /api/message_template/mail/list': { permission: 'messages', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/message_template/mail/new': {
    permission: 'messages',
    scope: 'own',
    probe: () => ({ payload: { type: 'mail', subject: 'Objet à soi', content: 'Bonjour' } }),
  },
  'GET /api/message_template/sms/list': { permission: 'messages', scope: 'list', probe: () => ({ query: paging }) },
  'POST /api/message_template/sms/new': {
    permission: 'messages',
    scope: 'own',
    probe: () => ({ payload: { type: 'sms', subject: 'SMS à soi', content: 'Bonjour' } }),
  },
  'GET /api/message_template/{id}/edit': {
    permission: 'messages',
    scope: 'record',
    probe: (r) => ({ params: { id: r.mailTemplateId } }),
  },
  'POST /api/message_template/{id}/edit': {
    permission: 'messages',
    scope: 'record',
    probe: (r) => ({ params: { id: r.mailTemplateId }, payload: { type: 'mail', subject: 'Repris', content: 'x' } }),
  },
  'GET /folder/{folderId}/message_template/{templateId}': {
    permission: 'folderView',
    scope: 'record',
    probe: (r) => ({ params: { folderId: r.folderId, templateId: r.mailTemplateId } }),
  },
};
