import { z } from 'zod';
import type { LifecycleReason } from './einvoicing-lifecycle';
import { SENDER_SOURCES, SENDING_LEVELS } from './sending-settings';

/*
 * The garage's connection to its approved e-invoicing platform (plateforme agréée), through the standard API every
 * platform offers (AFNOR XP Z12-013): where it answers, the OAuth2 client the platform gave the garage or its network
 * (the secret write-only, stored sealed), and the supplier invoices received through it into the expenses.
 */

export const PLATFORM_MESSAGES = {
  url: 'Adresse invalide (https://api.plateforme.fr/flow-service)',
  clientId: 'L’identifiant client est obligatoire',
  notConfigured: 'Aucune plateforme agréée configurée pour ce garage : enregistrez ses accès avant de l’essayer',
  pickGarage: 'Sélectionnez un garage en haut à gauche pour importer une facture reçue',
  receivedNotFound: 'Cette dépense ne vient pas d’une facture électronique reçue',
  reasonRequired: 'Choisissez le motif : le fournisseur le reçoit avec le statut',
  alreadyFinal: 'Cette facture est déjà approuvée ou refusée : son statut ne change plus',
  fileRequired: 'Choisissez le fichier de la facture (Factur-X, CII ou UBL)',
  fileKind: 'Seules les factures électroniques sont reprises : un PDF Factur-X, ou un fichier XML CII ou UBL',
  flowNotFound: 'Flux introuvable',
  documentNotFound: 'Document introuvable',
} as const;

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^https?:\/\/[^\s/]+/.test(value) && URL.canParse(value), { message: PLATFORM_MESSAGES.url });

export const platformSettingsSchema = z.object({
  /** The Flow Service's root (…/flow-service): the paths /v1/flows… follow it. */
  flowUrl: httpUrl,
  /** The Directory Service's root (…/directory-service). */
  directoryUrl: httpUrl,
  /** OAuth2 client credentials: the token endpoint and the client id (the secret goes apart, sealed). */
  tokenUrl: httpUrl,
  clientId: z.string().trim().min(1, PLATFORM_MESSAGES.clientId).max(200),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** `PUT /api/company/{companyId}/einvoicing`: a secret left out keeps the one stored. */
export const platformSettingsBodySchema = z.object({
  level: z.enum(SENDING_LEVELS),
  platform: platformSettingsSchema.extend({ clientSecret: z.string().max(500).optional() }),
});
export type PlatformSettingsBody = z.infer<typeof platformSettingsBodySchema>;

const storedPlatform = platformSettingsSchema.extend({ clientSecretSet: z.boolean() });
export type StoredPlatform = z.infer<typeof storedPlatform>;

/** `GET /api/company/{companyId}/einvoicing`: each level's setting, the one in use, the garage's address. */
export const platformSettingsViewSchema = z.object({
  companyId: z.number().int(),
  network: z.object({ id: z.number().int(), name: z.string(), editable: z.boolean() }).nullable(),
  garage: storedPlatform.nullable(),
  networkSetting: storedPlatform.nullable(),
  source: z.enum(SENDER_SOURCES),
  /** The garage's electronic address in the directory (scheme 0225 and its SIREN), '' without a SIREN. */
  electronicAddress: z.string(),
  /** The platform's calls back when a flow arrives: subscribed at the last successful test. */
  webhook: z.object({ callbackUrl: z.string(), createdAt: z.string() }).nullable(),
  /** The demonstration's test platform (started beside the demo). */
  demo: z.boolean(),
});
export type PlatformSettingsView = z.infer<typeof platformSettingsViewSchema>;

/** « Tester la connexion »: each step with what the platform answered. */
export const platformTestResultSchema = z.object({
  ok: z.boolean(),
  steps: z.array(z.object({ label: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type PlatformTestResult = z.infer<typeof platformTestResultSchema>;

/**
 * The reasons the garage may give its supplier, per status: the French rules' lists for a refusal (210, outside
 * B2G) and a dispute (207), BR-FR-CDV-CL-09. Any other code is refused before anything is sent.
 */
export const RECEIVED_REASONS = {
  refused: [
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'REF_CT_ABSENT',
  ],
  disputed: [
    'PU_ERR',
    'QTE_ERR',
    'REM_ERR',
    'ART_ERR',
    'LIVR_INCOMP',
    'QUALITE_ERR',
    'CMD_ERR',
    'REF_ERR',
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'MODPAI_ERR',
    'COORD_BANC_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_INC',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'ADR_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'AUTRE',
  ],
} as const satisfies Record<'refused' | 'disputed', readonly LifecycleReason[]>;

/** A received invoice's status as the garage sets it; sent back to the supplier (lifecycle codes 204, 205, 207, 210). */
export const RECEIVED_STATUSES = ['received', 'taken', 'approved', 'disputed', 'refused'] as const;
export type ReceivedStatus = (typeof RECEIVED_STATUSES)[number];
export const RECEIVED_STATUS_LABELS: Record<ReceivedStatus, string> = {
  received: 'Reçue',
  taken: 'Prise en charge',
  approved: 'Approuvée',
  disputed: 'En litige',
  refused: 'Refusée',
};
/** What the garage may set next: approved and refused are final (the supplier issues a credit note or a new invoice). */
export const RECEIVED_NEXT: Record<ReceivedStatus, Exclude<ReceivedStatus, 'received'>[]> = {
  received: ['taken', 'approved', 'disputed', 'refused'],
  taken: ['approved', 'disputed', 'refused'],
  disputed: ['approved', 'refused'],
  approved: [],
  refused: [],
};

export const receivedLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.string(),
  unitCode: z.string(),
  netPrice: z.string(),
  total: z.number().int(),
  vatCategory: z.string(),
  vatRate: z.string(),
});
export const receivedTaxSchema = z.object({
  category: z.string(),
  rate: z.string(),
  base: z.number().int(),
  tax: z.number().int(),
});

/** `GET /api/expense/{id}/einvoice`: what the received invoice said, its file, its status and its history. */
export const receivedInvoiceSchema = z.object({
  expenseId: z.number().int(),
  syntax: z.string(),
  source: z.enum(['platform', 'manual']),
  typeCode: z.string(),
  number: z.string(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  supplier: z.object({ name: z.string(), siren: z.string() }),
  lines: z.array(receivedLineSchema),
  taxes: z.array(receivedTaxSchema),
  preTaxAmount: z.number().int(),
  taxAmount: z.number().int(),
  totalAmount: z.number().int(),
  dueAmount: z.number().int(),
  status: z.enum(RECEIVED_STATUSES),
  statusReason: z.object({ code: z.string(), text: z.string() }).nullable(),
  statusAt: z.string().nullable(),
  /** The statuses sent back, oldest first: what the platform took, what waits, what failed and why. */
  sent: z.array(
    z.object({
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    }),
  ),
});
export type ReceivedInvoiceView = z.infer<typeof receivedInvoiceSchema>;

/** `POST /api/expense/{id}/einvoice/status`. */
export const receivedStatusBodySchema = z
  .object({
    status: z.enum(['taken', 'approved', 'disputed', 'refused']),
    reasonCode: z.string().trim().max(40).default(''),
    reasonText: z.string().trim().max(500).default(''),
  })
  .refine(
    (body) =>
      (body.status !== 'refused' && body.status !== 'disputed') ||
      (RECEIVED_REASONS[body.status] as readonly string[]).includes(body.reasonCode),
    { message: PLATFORM_MESSAGES.reasonRequired, path: ['reasonCode'] },
  );
export type ReceivedStatusBody = z.input<typeof receivedStatusBodySchema>;

/** A file received (from the platform or imported by hand) and what became of it. */
export const INCOMING_STATES = ['booked', 'to-treat', 'duplicate'] as const;
export type IncomingState = (typeof INCOMING_STATES)[number];
export const INCOMING_STATE_LABELS: Record<IncomingState, string> = {
  booked: 'Enregistrée en dépense',
  'to-treat': 'À traiter',
  duplicate: 'Doublon refusé',
};
export const incomingFlowSchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  source: z.enum(['platform', 'manual']),
  fileName: z.string(),
  syntax: z.string().nullable(),
  state: z.enum(INCOMING_STATES),
  reason: z.string().nullable(),
  expenseId: z.number().int().nullable(),
});
export type IncomingFlow = z.infer<typeof incomingFlowSchema>;
/** `GET /api/expense/received`: the files that did not become an expense (to treat, duplicates), newest first. */
export const incomingFlowListSchema = z.object({ data: z.array(incomingFlowSchema) });

/** `POST /api/einvoicing/received`: what became of a file imported by hand. */
export const receptionSchema = z.object({
  /** The received file's row (GET /api/einvoicing/received/{id}/file). */
  id: z.number().int(),
  state: z.enum(INCOMING_STATES),
  reason: z.string().nullable(),
  expenseId: z.number().int().nullable(),
});
export type Reception = z.infer<typeof receptionSchema>;

/** `POST /api/company/{companyId}/einvoicing/sync` (« Relever la plateforme »): how many flows arrived now. */
export const syncResultSchema = z.object({ received: z.number().int() });

/** `GET /api/einvoicing/document/{id}`: the deposit of an issued document and every status that came back. */
export const documentPlatformSchema = z.object({
  status: z.string().nullable(),
  label: z.string(),
  deposit: z
    .object({
      queuedAt: z.string(),
      sentAt: z.string().nullable(),
      lastError: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
      flowId: z.string().nullable(),
    })
    .nullable(),
  events: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      reason: z.object({ code: z.string(), text: z.string() }).nullable(),
      at: z.string(),
    }),
  ),
});
export type DocumentPlatform = z.infer<typeof documentPlatformSchema>;

/**
 * `GET /api/company/{companyId}/einvoicing/directory/{siren}`: whether a business buyer or an insurer receives
 * e-invoices, and at which address, as the directory of the garage's platform says (kept a day).
 */
export const DIRECTORY_STATES = ['receives', 'no-address', 'not-found', 'no-platform', 'unavailable'] as const;
export type DirectoryState = (typeof DIRECTORY_STATES)[number];
export const directoryLookupSchema = z.object({
  siren: z.string(),
  state: z.enum(DIRECTORY_STATES),
  businessName: z.string(),
  address: z.string(),
  /** When the directory was last asked (the answer is kept a day). */
  checkedAt: z.string().nullable(),
});
export type DirectoryLookup = z.infer<typeof directoryLookupSchema>;
export const directoryParamsSchema = z.object({
  companyId: z.coerce.number().int().positive(),
  siren: z.string().regex(/^\d{9}$/, { message: 'SIREN : 9 chiffres' }),
});
/** What the hint under a SIREN says. */
export const directoryHint = (lookup: DirectoryLookup): string =>
  ({
    receives: `Reçoit les factures électroniques à l’adresse ${lookup.address}${lookup.businessName ? ` (${lookup.businessName})` : ''}`,
    'no-address': `${lookup.businessName || 'Cette entreprise'} est dans l’annuaire sans adresse de réception active`,
    'not-found': 'Absente de l’annuaire des plateformes : vérifiez le SIREN',
    'no-platform': 'Configurez la plateforme agréée du garage pour vérifier l’annuaire',
    unavailable: 'Annuaire momentanément injoignable : nouvel essai plus tard',
  })[lookup.state];

/**
 * What the pages show of a supplier invoice arriving from the platform, and of a status coming back on an invoice the
 * garage sent: the paths the server announces on the notification stream (CHANGED_STREAM_EVENT) so that a page open
 * on them reads them again.
 */
export const RECEIVED_INVOICE_PATHS = ['/api/expense', '/api/einvoicing/received'];
export const SENT_INVOICE_PATHS = ['/api/einvoicing/document', '/api/quotation'];
