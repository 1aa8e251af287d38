import { z } from 'zod';
import { checkDeductibleFields, deductibleFields, deductibleTermsSchema } from './deductible';
import { insurerChoiceSchema } from './insurers';
import { pagedResponseSchema, pagingQuerySchema } from './paging';
import { POSTAL_CODE_INVALID, POSTAL_CODE_PATTERN } from './postal-code';

/*
 * The customer folder (dossier): a glass or repair case with its insurer, vehicle, technician, appointment
 * and history. Fields the spec does not list are chosen in docs/decisions.md ("Folder fields").
 */

export const SEARCH_NOT_FOUND = 'Dossier non trouvé';
export const SEARCH_EMPTY = 'No folders found.';
export const SEARCH_PLACEHOLDER = 'Search...';
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_LIST_HEIGHT = 400;
export const PHONE_REVEAL_ERROR = 'Erreur lors de la récupération du numéro.';

/** Status codes every company has; a company may add its own statuses beside them. */
export const FOLDER_STATUS_CODES = ['open', 'wait_validation', 'outstanding', 'close'] as const;
export type FolderStatusCode = (typeof FOLDER_STATUS_CODES)[number];

export const INSURERS = [
  'AXA',
  'MAIF',
  'MACIF',
  'Allianz',
  'Groupama',
  'GMF',
  'Matmut',
  'MMA',
  'Generali',
  'Pacifica',
  'MAAF',
  'Direct Assurance',
  'Covéa',
  'Aviva',
  'Sans assurance',
] as const;

export type Insurer = (typeof INSURERS)[number];

export const CIVILITIES = ['M.', 'Mme', 'Société'] as const;
export const GLASS_TYPES = ['windscreen', 'side', 'rear'] as const;
export const GLASS_LABELS: Record<(typeof GLASS_TYPES)[number], string> = {
  windscreen: 'Pare-brise',
  side: 'Vitre latérale',
  rear: 'Lunette arrière',
};
export const REPAIR_KINDS = ['repair', 'replacement'] as const;
export const REPAIR_LABELS: Record<(typeof REPAIR_KINDS)[number], string> = {
  repair: 'Réparation',
  replacement: 'Remplacement',
};

/** The folder type of a list: a product slug when the path names one, else "interne" (docs/product.md). */
export const INTERNAL_TYPE = 'interne';

/**
 * French SIV plate (AB-123-CD), whatever the user typed: letters and digits only, upper case. Old FNI plates
 * (123 ABC 45) keep their characters too, so they still match.
 */
/**
 * The API paths a folder's reads live under (its page, its documents, messages and billing, the folder lists): a
 * change of the folder, made by any app, refreshes them all in the page's cache.
 */
export const folderApiPaths = (folderId: number): string[] => [
  `api/folder/show/${folderId}`,
  `api/folder/${folderId}`,
  'api/folder/list',
];

export const normalizePlate = (value: string): string => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** AB123CD -> AB-123-CD; anything that is not a SIV plate is returned as typed, upper case. */
export function formatPlate(value: string): string {
  const plate = normalizePlate(value);
  const siv = plate.match(/^([A-Z]{2})(\d{3})([A-Z]{2})$/);
  return siv ? `${siv[1]}-${siv[2]}-${siv[3]}` : value.trim().toUpperCase();
}

export const isSivPlate = (value: string): boolean => /^[A-Z]{2}\d{3}[A-Z]{2}$/.test(normalizePlate(value));

// ---------------------------------------------------------------- statuses and known-by

export const folderStatusSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  color: z.string(),
  position: z.number().int(),
});
export type FolderStatus = z.infer<typeof folderStatusSchema>;
export const folderStatusListSchema = z.array(folderStatusSchema);

export const knownBySchema = z.object({ id: z.number().int(), label: z.string() });
export type KnownBy = z.infer<typeof knownBySchema>;
export const knownByListSchema = z.array(knownBySchema);
export const knownByBodySchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, { message: 'Le libellé est obligatoire' })
    .max(80, { message: 'Le libellé ne doit pas dépasser 80 caractères' }),
});

// ---------------------------------------------------------------- list

export const folderListQuerySchema = pagingQuerySchema.extend({
  owner: z.enum(['my', 'all']).default('all'),
  type: z.string().trim().min(1).max(60).default(INTERNAL_TYPE),
  /** Folders created in [from, to[ (the dashboard's period). */
  from: z.iso.datetime({ offset: true, message: 'Date de début invalide' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'Date de fin invalide' }).optional(),
});
export type FolderListQuery = z.input<typeof folderListQuerySchema>;

/** A row of the folder lists: no contact detail (phone, e-mail, address) ever travels here. */
export const folderRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  customer: z.string(),
  plate: z.string(),
  vehicle: z.string(),
  insurer: z.string().nullable(),
  claimNumber: z.string().nullable(),
  status: z.string(),
  statusCode: z.string(),
  statusColor: z.string(),
  technician: z.string().nullable(),
  appointmentAt: z.string().nullable(),
  companyName: z.string(),
  createdAt: z.string(),
});
export type FolderRow = z.infer<typeof folderRowSchema>;
export const folderListResponseSchema = pagedResponseSchema(folderRowSchema);
export type FolderListResponse = z.infer<typeof folderListResponseSchema>;
/** Column keys of the list, in the order sortField indexes them. */
export const FOLDER_LIST_COLUMNS = [
  'number',
  'customer',
  'plate',
  'vehicle',
  'insurer',
  'status',
  'technician',
  'appointmentAt',
  'createdAt',
  // Last: shown only when TOUT spans several garages (the other indexes never move).
  'garage',
] as const;

// ---------------------------------------------------------------- search

export const folderSearchBodySchema = z.object({
  companyId: z.number().int().min(0),
  search: z.string().trim().max(100),
  withoutRecovery: z.boolean().default(false),
});
export type FolderSearchBody = z.input<typeof folderSearchBodySchema>;
export const folderSearchItemSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  value: z.string(),
  /** The plate as typed on the folder, so the search can open the vehicle's page; null when the folder has none. */
  plate: z.string().nullable().optional(),
});
export type FolderSearchItem = z.infer<typeof folderSearchItemSchema>;
export const folderSearchResponseSchema = z.object({ folders: z.array(folderSearchItemSchema) });

// ---------------------------------------------------------------- one folder

export const folderDetailSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  type: z.string(),
  civility: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  /** What the contact buttons may reveal: true when a value exists (the value itself comes from the access call). */
  hasPhone: z.boolean(),
  hasEmail: z.boolean(),
  hasAddress: z.boolean(),
  city: z.string().nullable(),
  plate: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  vin: z.string().nullable(),
  /** Odometer reading when the vehicle came in, km. */
  mileage: z.number().int().nullable(),
  insurer: z.string().nullable(),
  /** Its entry in the insurer directory (null: none, or a name kept from before the directory). */
  insurerId: z.number().int().nullable(),
  policyNumber: z.string().nullable(),
  claimNumber: z.string().nullable(),
  /** The insured's deductible under the policy (all null: none). */
  deductible: deductibleTermsSchema,
  glass: z.enum(GLASS_TYPES).nullable(),
  repairKind: z.enum(REPAIR_KINDS).nullable(),
  knownBy: knownBySchema.nullable(),
  status: folderStatusSchema,
  technician: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  appointmentAt: z.string().nullable(),
  appointmentComment: z.string().nullable(),
  /** How long the appointment holds its technician (the calendar's block). */
  appointmentMinutes: z.number().int(),
  closedAt: z.string().nullable(),
  /** When the folder was last sent to its insurer. */
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FolderDetail = z.infer<typeof folderDetailSchema>;

export const HISTORY_KINDS = [
  'created',
  'change',
  'status',
  'contact',
  'comment',
  'relance',
  'anomaly',
  'appointment',
  'document',
  'close',
  'reopen',
  'sent',
  /** A step of the fitter's phone flow (fitter-steps.ts): field = the step, newValue = when it was done. */
  'fitter_step',
  /** An insurer invoice issued without a signed cession: content = the reason given. */
  'cession_override',
  /** A quote, invoice or credit note e-mailed: field = its type, newValue = its number, content = what. */
  'document_mail',
  /** An SMS written to the customer: field = its purpose, newValue = when it is due if later, content = it. */
  'sms',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const HISTORY_LABELS: Record<HistoryKind, string> = {
  created: 'Création du dossier',
  change: 'Modification',
  status: 'Changement de statut',
  contact: 'Coordonnée consultée',
  comment: 'Commentaire',
  relance: 'Relance',
  anomaly: 'Anomalie',
  appointment: 'Rendez-vous',
  document: 'Document',
  close: 'Clôture',
  reopen: 'Réouverture',
  sent: 'Envoi à l’assureur',
  fitter_step: 'Étape du poseur',
  cession_override: 'Facture à l’assureur sans cession signée',
  document_mail: 'Document envoyé par e-mail',
  sms: 'SMS au client',
};

export const historyEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(HISTORY_KINDS),
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  /** Sanitized HTML (comments, relances, anomalies). */
  content: z.string().nullable(),
  user: z.string(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `/api/folder/show/{id}`: the folder at a glance and its whole history, newest first. */
export const folderShowResponseSchema = z.object({
  folder: folderDetailSchema,
  history: z.array(historyEntrySchema),
  statuses: folderStatusListSchema,
});
export type FolderShowResponse = z.infer<typeof folderShowResponseSchema>;

export const folderIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1),
});
export const folderStatusParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identifiant de dossier invalide' }).int().min(1),
  statusId: z.coerce.number({ message: 'Identifiant de statut invalide' }).int().min(1),
});

// ---------------------------------------------------------------- comments, relances, anomalies

export const FOLDER_NOTE_KINDS = ['comment', 'relance', 'anomaly'] as const;
export type FolderNoteKind = (typeof FOLDER_NOTE_KINDS)[number];
export const FOLDER_NOTE_LABELS: Record<FolderNoteKind, string> = {
  comment: 'Commentaire',
  relance: 'Relance',
  anomaly: 'Anomalie',
};
export const FOLDER_NOTE_SAVED: Record<FolderNoteKind, string> = {
  comment: 'Commentaire ajouté',
  relance: 'Relance enregistrée',
  anomaly: 'Anomalie signalée',
};
export const NOTE_REQUIRED_MESSAGE = 'Le texte est obligatoire';
/** True when an editor's HTML holds no text (`<p><br></p>`): the form and the server refuse it alike. */
export const isBlankHtml = (html: string | undefined): boolean =>
  !html ||
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';
/** `POST /api/comment/add/{id}`: a comment, a relance or an anomaly on the folder (HTML from the editor). */
export const folderNoteBodySchema = z.object({
  kind: z.enum(FOLDER_NOTE_KINDS).default('comment'),
  content: z
    .string()
    .max(20_000, { message: 'Le texte ne doit pas dépasser 20 000 caractères' })
    .refine((html) => !isBlankHtml(html), { message: NOTE_REQUIRED_MESSAGE }),
});
export type FolderNoteBody = z.input<typeof folderNoteBodySchema>;

// ---------------------------------------------------------------- new folder

export const PLATE_MESSAGE = 'Immatriculation invalide : format AB-123-CD';
export const CUSTOMER_NAME_MESSAGE = 'Le nom du client est obligatoire';
export const PICK_GARAGE_MESSAGE = 'Sélectionnez un garage en haut à gauche pour créer un dossier';

/** An optional text field: trimmed, and absent when left empty. */
const optionalText = (max: number, message = `${max} caractères au plus`) =>
  z
    .string()
    .trim()
    .max(max, { message })
    .optional()
    .transform((value) => value || undefined);

export const MILEAGE_MESSAGE = 'Le kilométrage est un nombre entier de kilomètres (0 à 9 999 999)';
/** The odometer as typed ("84 512", 84512) or left empty; printed on the repair's quote and invoice. */
const mileageSchema = z
  .union([z.number(), z.string()])
  .optional()
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.replace(/[\s\u00a0\u202f.]/g, '') : value;
    if (text === undefined || text === '') return undefined;
    const km = typeof text === 'number' ? text : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(km) || km < 0 || km > 9_999_999) {
      ctx.addIssue({ code: 'custom', message: MILEAGE_MESSAGE });
      return z.NEVER;
    }
    return km;
  });

/**
 * The customer and the vehicle of a folder, as the new-folder form and the import of an old software's customers both
 * check them (one rule for both).
 */
export const customerVehicleShape = {
  civility: z.enum(CIVILITIES).optional(),
  firstName: optionalText(80),
  lastName: z.string({ message: CUSTOMER_NAME_MESSAGE }).trim().min(1, { message: CUSTOMER_NAME_MESSAGE }).max(80),
  phone: optionalText(20).refine((value) => value === undefined || /^\d{10}$/.test(value.replace(/[\s.]/g, '')), {
    message: 'Le numéro de téléphone doit contenir 10 chiffres',
  }),
  email: optionalText(200).refine((value) => value === undefined || z.email().safeParse(value).success, {
    message: 'Adresse e-mail invalide',
  }),
  address: optionalText(200),
  postalCode: optionalText(5).refine((value) => value === undefined || POSTAL_CODE_PATTERN.test(value), {
    message: POSTAL_CODE_INVALID,
  }),
  city: optionalText(80),
  plate: z.string({ message: PLATE_MESSAGE }).trim().refine(isSivPlate, { message: PLATE_MESSAGE }),
  brand: optionalText(60),
  model: optionalText(60),
  vin: optionalText(17).refine((value) => value === undefined || /^[A-HJ-NPR-Z0-9]{17}$/i.test(value), {
    message: 'Le VIN doit contenir 17 lettres ou chiffres (sans I, O ni Q)',
  }),
  mileage: mileageSchema,
};

/** `POST /api/folder/new/{type}`: the customer, the vehicle and the claim; the rest comes later on the folder. */
export const folderCreateBodySchema = z
  .object({
    ...customerVehicleShape,
    /** An entry of the folder's garage's insurer directory (its own or its network's). */
    insurerId: z.number({ message: 'Choisissez l’assureur dans la liste' }).int().min(1).optional(),
    policyNumber: optionalText(40),
    claimNumber: optionalText(40),
    /** The insured's deductible under the policy: an amount, or a percentage of the work with its minimum. */
    ...deductibleFields,
    glass: z.enum(GLASS_TYPES).optional(),
    repairKind: z.enum(REPAIR_KINDS).optional(),
    knownById: z.number().int().min(1).optional(),
    technicianId: z.number().int().min(1).optional(),
  })
  .superRefine(checkDeductibleFields);
export type FolderCreateBody = z.input<typeof folderCreateBodySchema>;
export const folderCreatedSchema = z.object({ id: z.number().int(), number: z.string() });

/** `GET /api/folder/default-values`: the choices of the new-folder form for the selected garage. */
export const folderDefaultValuesSchema = z.object({
  companyId: z.number().int(),
  /** The garage's insurer directory, its own entries and its network's. */
  insurers: z.array(insurerChoiceSchema),
  knownBy: knownByListSchema,
  technicians: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type FolderDefaultValues = z.infer<typeof folderDefaultValuesSchema>;

// ---------------------------------------------------------------- editing a folder

/**
 * `PUT /api/folder/{id}`: the same fields as a new folder. Contact details are write-only here: an empty phone,
 * e-mail or address leaves the stored one unchanged (the form never receives them), a typed one replaces it.
 */
export const folderUpdateBodySchema = folderCreateBodySchema;
export type FolderUpdateBody = z.input<typeof folderUpdateBodySchema>;

/** History labels of the fields a change row names. */
export const FOLDER_FIELD_LABELS: Record<string, string> = {
  civility: 'Civilité',
  firstName: 'Prénom',
  lastName: 'Nom',
  phone: 'Téléphone',
  email: 'E-mail',
  address: 'Adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  plate: 'Immatriculation',
  brand: 'Marque',
  model: 'Modèle',
  vin: 'VIN',
  mileage: 'Kilométrage',
  insurer: 'Assureur',
  insurerId: 'Assureur',
  policyNumber: 'N° de contrat',
  claimNumber: 'N° de sinistre',
  deductibleAmount: 'Franchise',
  deductiblePercent: 'Franchise (%)',
  deductibleMinimum: 'Minimum de franchise',
  glass: 'Vitrage',
  repairKind: 'Intervention',
  knownById: 'Connu par',
  technicianId: 'Technicien',
};
/** Personal data: a change is written to the history without its values. */
export const CONTACT_FIELDS = ['phone', 'email', 'address', 'postalCode'] as const;
