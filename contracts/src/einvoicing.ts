import { z } from 'zod';
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

/*
 * The lifecycle of an e-invoice (« cycle de vie », XP Z12-012): the statuses and the reasons the French rules
 * BR-FR-CDV accept (FNFE-MPE schematron 1.4.0, lists CL-06 and CL-09). api/…/lifecycle/cdar.ts writes and reads them.
 */
/** The statuses of the reform, from the list the French rules check (BR-FR-CDV-CL-06). */
export const LIFECYCLE_STATUSES = {
  '200': 'Déposée',
  '201': 'Émise par la plateforme',
  '202': 'Reçue par la plateforme',
  '203': 'Mise à disposition',
  '204': 'Prise en charge',
  '205': 'Approuvée',
  '206': 'Approuvée partiellement',
  '207': 'En litige',
  '208': 'Suspendue',
  '209': 'Complétée',
  '210': 'Refusée',
  '211': 'Paiement transmis',
  '212': 'Encaissée',
  '213': 'Rejetée',
  '214': 'Visée',
  '220': 'Annulée',
  '221': 'Erreur de routage',
  '224': 'Demande de paiement direct',
  '225': 'Affacturée',
  '226': 'Affacturée confidentiel',
  '227': 'Changement de compte à payer',
  '228': 'Non affacturée',
  '501': 'Irrecevable',
} as const satisfies Record<string, string>;
export type LifecycleCode = keyof typeof LIFECYCLE_STATUSES;

/** The reasons a status may carry, the closed list of BR-FR-CDV-CL-09 (which ones fit which status: same rule). */
export const LIFECYCLE_REASONS = {
  RETRAIT_MAN_SERV: 'Retrait manuel par le service (B2G)',
  ST_CT_NON_DECLAR: 'Sous-traitant ou cotraitant non déclaré (B2G)',
  SUPPR_COMP_AVOIR: 'Suppression pour compensation d’avoirs (B2G)',
  TRANSF_PMNT_REGIE: 'Transfert pour paiement en régie (B2G)',
  CONTACT_ACHTR: 'Autre : contacter l’acheteur (B2G)',
  NON_TRANSMISE: 'Destinataire non connecté',
  JUSTIF_ABS: 'Justificatif absent ou insuffisant',
  ROUTAGE_ERR: 'Erreur de routage',
  AUTRE: 'Autre',
  COORD_BANC_ERR: 'Erreur de coordonnées bancaires',
  TX_TVA_ERR: 'Taux de TVA erroné',
  MONTANTTOTAL_ERR: 'Montant total erroné',
  CALCUL_ERR: 'Erreur de calcul de la facture',
  NON_CONFORME: 'Mention légale manquante',
  DOUBLON: 'Facture en doublon (déjà émise ou reçue)',
  DEST_INC: 'Destinataire inconnu',
  DEST_ERR: 'Erreur de destinataire',
  TRANSAC_INC: 'Transaction inconnue',
  EMMET_INC: 'Émetteur inconnu',
  CONTRAT_TERM: 'Contrat terminé',
  DOUBLE_FACT: 'Double facturation',
  CMD_ERR: 'Numéro de commande incorrect ou manquant',
  ADR_ERR: 'Adresse de facturation électronique erronée',
  SIRET_ERR: 'SIRET erroné ou absent',
  CODE_ROUTAGE_ERR: 'Code de routage absent ou erroné',
  REF_CT_ABSENT: 'Référence contractuelle nécessaire au traitement manquante',
  REF_ERR: 'Référence incorrecte',
  PU_ERR: 'Prix unitaires incorrects',
  REM_ERR: 'Remise erronée',
  QTE_ERR: 'Quantité facturée incorrecte',
  ART_ERR: 'Article facturé incorrect',
  MODPAI_ERR: 'Modalités de paiement incorrectes',
  QUALITE_ERR: 'Qualité d’article livré incorrecte',
  LIVR_INCOMP: 'Problème de livraison',
  REJ_SEMAN: 'Rejet pour erreur sémantique',
  REJ_UNI: 'Rejet sur contrôle d’unicité',
  REJ_COH: 'Rejet sur contrôle de cohérence des données',
  REJ_ADR: 'Rejet sur contrôle d’adressage',
  REJ_CONT_B2G: 'Rejet sur contrôles métier B2G',
  REJ_REF_PJ: 'Rejet sur référence de pièce jointe',
  REJ_ASS_PJ: 'Rejet sur erreur d’association de la pièce jointe',
  IRR_VIDE_F: 'Fichier du flux vide',
  IRR_TYPE_F: 'Type ou extension de fichier du flux refusé',
  IRR_SYNTAX: 'Erreur de syntaxe d’un fichier du flux',
  IRR_TAILLE_PJ: 'Pièce jointe trop volumineuse',
  IRR_NOM_PJ: 'Nom de pièce jointe invalide (caractères interdits)',
  IRR_VID_PJ: 'Pièce jointe vide',
  IRR_EXT_DOC: 'Extension de pièce jointe refusée',
  IRR_TAILLE_F: 'Fichier du flux trop volumineux',
  IRR_ANTIVIRUS: 'Contrôle antivirus en échec',
  IRR_NOM_F: 'Nom de fichier du flux invalide',
} as const satisfies Record<string, string>;
export type LifecycleReason = keyof typeof LIFECYCLE_REASONS;

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

/** Where an issued document stands on the platform (`billing_documents.platform_status`): queued, or a lifecycle code. */
export const platformStatusLabel = (status: string | null): string =>
  status === null
    ? ''
    : status === 'queued'
      ? 'En file d’envoi'
      : ((LIFECYCLE_STATUSES as Record<string, string>)[status] ?? `Statut ${status}`);

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
