import { z } from 'zod';
import { parseEuros } from './money';
import { pagedResponseSchema } from './paging';

/*
 * Vehicle quotation lookup ("Sidexa"; docs/product.md). A folder's lookup is paid with one
 * unit (jeton), once per (folder, scope); the vehicle-data provider then answers the vehicle's identity and its glass
 * parts with their variants, which the garage prices.
 *
 * The calls, in the order the vehicle search makes them (docs/product.md "Vehicle search"):
 *
 * 1. `GET /api/folder/{id}/sidexa-status[?scope=quotation]` -> `sidexaStatusSchema`.
 *    `tokenId` is set once the folder has been charged for that scope; `hasVehicleData` once the provider answered a
 *    vehicle for it.
 * 2a. Already charged (`tokenId` set): `POST /api/token/generate-scoped` (`scopedTokenBodySchema`) -> `{ token }`.
 * 2b. Not yet: the confirmation modal, then `POST /api/folder/{id}/jetons/create` (`unitConsumptionBodySchema`)
 *    -> 201 `unitConsumptionSchema` (a unit consumed, or the folder's existing lookup answered again, never charged
 *    twice), or 401 `unitsInsufficientSchema` (`redirect: '/checkout'`: send the browser there; nothing consumed).
 * 3. `GET /api/folder/{id}/sidexa-quotation` with the scoped token in the `X-Sidexa-Token` header (or the `token`
 *    query parameter) -> `sidexaQuotationResponseSchema`: the vehicle and its lines, or a string, the provider's
 *    no-result text for the no-results modal.
 * 4. Vehicle not identified by VIN: the garage picks a variant per part, then
 *    `POST /api/folder/{id}/sidexa-quotation/enrich` (same token) -> `sidexaEnrichResponseSchema`, the priced lines.
 * 5. Confirming the parts saves the hourly rate: `POST /api/company/{companyId}/fees` -> `companyFeesSchema`.
 *
 * The list page /sidexa/list reads `GET /api/sidexa/table` (shared paging) and links each row's report,
 * `GET /api/sidexa/{lookupId}/report` (PDF).
 *
 * A token is refused (403 `SIDEXA_TOKEN_INVALID`) when expired, signed by another server, or made for another
 * folder's lookup. Amounts are integer cents, except the hourly rate (euros, like `companySchema.hourlyRate`).
 */

// ---------------------------------------------------------------- messages

export const SIDEXA_TOKEN_INVALID = 'Autorisation Sidexa invalide ou expirée : relancez la recherche du véhicule';
export const SIDEXA_LOOKUP_NOT_FOUND = 'Recherche Sidexa introuvable';
export const SIDEXA_REGISTRATION_MISMATCH = 'L’immatriculation ne correspond pas à la recherche de ce dossier';
export const SIDEXA_COMPANY_MISMATCH = 'Ce dossier n’appartient pas à la société indiquée';
export const SIDEXA_NO_PLATE = 'Renseignez l’immatriculation du dossier avant de rechercher le véhicule';
export const SIDEXA_NO_VEHICLE_DATA = 'Aucune donnée véhicule pour ce dossier : lancez d’abord la recherche';
export const SIDEXA_PROVIDER_UNAVAILABLE = 'Le service de données véhicule ne répond pas, réessayez dans un instant';
export const SIDEXA_REPORT_UNAVAILABLE = 'Rapport indisponible : cette recherche n’a pas de données véhicule';
/** The part selection of a vehicle lookup. */
export const SIDEXA_PART_REQUIRED = 'Vous devez sélectionner une pièce.';
export const SIDEXA_HOURLY_RATE_REQUIRED = 'Vous devez renseigner le taux horaire.';
export const SIDEXA_HOURLY_RATE_INVALID = 'Le taux horaire doit être un montant en euros entre 0,01 et 1 000';
export const SIDEXA_PART_UNKNOWN = 'Cette pièce ou cette variante n’existe pas pour ce véhicule';
export const SIDEXA_AUDATEX_MISMATCH = 'Le code Audatex ne correspond pas à ce véhicule';
export const SIDEXA_FEES_SAVED = 'Taux horaire enregistré';
export const SIDEXA_LIST_ERROR = 'Erreur lors du chargement des devis Sidexa';

// ---------------------------------------------------------------- scope and token

/** What a lookup is for; a folder is charged once per scope. Only the quotation exists today. */
export const SIDEXA_SCOPES = ['quotation'] as const;
export type SidexaScope = (typeof SIDEXA_SCOPES)[number];
export const DEFAULT_SIDEXA_SCOPE: SidexaScope = 'quotation';
const scopeSchema = z.enum(SIDEXA_SCOPES, { message: 'Portée Sidexa inconnue' });

/** Units one lookup costs. */
export const SIDEXA_UNIT_COST = 1;
/** The scoped token travels in this header of the quotation calls… */
export const SIDEXA_TOKEN_HEADER = 'x-sidexa-token';
/** …or in this query parameter (the header wins when both are sent). */
export const SIDEXA_TOKEN_QUERY = 'token';
/** Lifetime of a scoped token, seconds. */
export const SIDEXA_TOKEN_LIFETIME_S = 15 * 60;

/** `GET /api/folder/{id}/sidexa-status` query. */
export const sidexaStatusQuerySchema = z.object({ scope: scopeSchema.default(DEFAULT_SIDEXA_SCOPE) });

/** Vehicle-data service status of a folder (docs/product.md). */
export const sidexaStatusSchema = z.object({
  /** The provider answered a vehicle for this folder's lookup. */
  hasVehicleData: z.boolean(),
  /** The lookup's id once the folder has been charged for the scope; null before. */
  tokenId: z.string().nullable(),
  /** The plate searched (the lookup's, else the folder's), AB-123-CD; null when the folder has none. */
  registration: z.string().nullable(),
});
export type SidexaStatus = z.infer<typeof sidexaStatusSchema>;

/**
 * `POST /api/token/generate-scoped`. `tokenId` and `registration` come from the status answer. With
 * `checkValidity`, a `currentJWT` (the scoped token stored locally) still valid for that lookup for at least a
 * minute is answered as it is; otherwise, and always without `checkValidity`, a new token is signed.
 */
export const scopedTokenBodySchema = z.object({
  payload: z.object({
    scope: scopeSchema.default(DEFAULT_SIDEXA_SCOPE),
    tokenId: z.string().trim().min(1, { message: SIDEXA_LOOKUP_NOT_FOUND }).max(100),
    registration: z.string().trim().max(20),
  }),
  checkValidity: z.boolean().default(false),
  currentJWT: z.string().max(4000).nullish(),
});
export type ScopedTokenBody = z.input<typeof scopedTokenBodySchema>;
export const scopedTokenSchema = z.object({
  token: z.string(),
  /** ISO date the token stops being accepted. */
  expiresAt: z.string(),
});
export type ScopedToken = z.infer<typeof scopedTokenSchema>;

/** `POST /api/folder/{folderId}/jetons/create`: `companyId` is the folder's company (or 0, TOUT). */
export const unitConsumptionBodySchema = z.object({
  companyId: z.coerce.number({ message: 'Identifiant de société invalide' }).int().min(0),
  scope: scopeSchema.default(DEFAULT_SIDEXA_SCOPE),
});
export type UnitConsumptionBody = z.input<typeof unitConsumptionBodySchema>;
/** 201: the scoped token of the folder's lookup (the same lookup, and no charge, when it already existed). */
export const unitConsumptionSchema = scopedTokenSchema.extend({
  tokenId: z.string(),
  /** A unit was consumed by this call (false: the folder had already been charged for this scope). */
  charged: z.boolean(),
  /** The company's balance after the call. */
  jeton: z.number().int(),
});
export type UnitConsumption = z.infer<typeof unitConsumptionSchema>;
/** 401 when the company has no unit left: nothing was consumed; the browser goes to `redirect`. */
export const unitsInsufficientSchema = z.object({
  message: z.string(),
  redirect: z.string(),
  statusCode: z.number().int().optional(),
});
export type UnitsInsufficient = z.infer<typeof unitsInsufficientSchema>;

// ---------------------------------------------------------------- vehicle data (docs/product.md)

/** Identity of the vehicle as the registration file (SIV) gives it; a provider may leave fields empty. */
export const vehicleDataSchema = z.object({
  /** VIN, 17 characters. */
  serialNumber: z.string().nullable(),
  brand: z.string(),
  model: z.string(),
  /** AB-123-CD. */
  registration: z.string(),
  /** YYYY-MM-DD. */
  firstRegistrationDate: z.string().nullable(),
  version: z.string().nullable(),
  typemine: z.string().nullable(),
  /** SIV genre: VP (passenger car), CTTE (light van)… */
  gender: z.string().nullable(),
  /** Commercial designation. */
  label: z.string().nullable(),
  cnit: z.string().nullable(),
  gearbox: z.string().nullable(),
  numberOfGears: z.number().int().nullable(),
  color: z.string().nullable(),
  numberOfDoors: z.number().int().nullable(),
  bodywork: z.string().nullable(),
  energy: z.string().nullable(),
  /** cm³. */
  engineDisplacement: z.number().int().nullable(),
  /** Fiscal horsepower (CV). */
  taxHorsePower: z.number().int().nullable(),
  kilowattPower: z.number().int().nullable(),
  horsePower: z.number().int().nullable(),
  /** kg. */
  emptyWeight: z.number().int().nullable(),
  /** PTAC, kg. */
  grossVehicleWeightRating: z.number().int().nullable(),
  /** g/km. */
  co2: z.number().int().nullable(),
  /** Traction, Propulsion, Intégrale. */
  propulsion: z.string().nullable(),
});
export type VehicleData = z.infer<typeof vehicleDataSchema>;
export type VehicleField = keyof VehicleData;

/** French labels of the vehicle fields, in the order screens and the report show them. */
export const VEHICLE_FIELD_LABELS: Record<VehicleField, string> = {
  registration: 'Immatriculation',
  serialNumber: 'Numéro de série (VIN)',
  brand: 'Marque',
  model: 'Modèle',
  version: 'Version',
  label: 'Désignation commerciale',
  firstRegistrationDate: 'Première immatriculation',
  gender: 'Genre',
  bodywork: 'Carrosserie',
  numberOfDoors: 'Nombre de portes',
  color: 'Couleur',
  energy: 'Énergie',
  engineDisplacement: 'Cylindrée (cm³)',
  taxHorsePower: 'Puissance fiscale (CV)',
  kilowattPower: 'Puissance (kW)',
  horsePower: 'Puissance (ch)',
  gearbox: 'Boîte de vitesses',
  numberOfGears: 'Nombre de rapports',
  propulsion: 'Transmission',
  emptyWeight: 'Poids à vide (kg)',
  grossVehicleWeightRating: 'PTAC (kg)',
  co2: 'Émissions de CO2 (g/km)',
  typemine: 'Type mine',
  cnit: 'CNIT',
};

export const variantOptionSchema = z.object({ code: z.string(), label: z.string() });
export type VariantOption = z.infer<typeof variantOptionSchema>;

/** One possible glass for a part (docs/product.md: Variant). */
export const variantSchema = z.object({
  /** The part's reference (what `selectedParts[].ref` sends). */
  ref: z.string(),
  label: z.string(),
  /** The vehicle's Audatex code: every variant of one vehicle carries the same (what enrich's `audatex` sends). */
  audatex: z.string(),
  /** The model range the glass fits. */
  model: z.string(),
  /** Cents. */
  preTaxAmount: z.number().int(),
  euroCode: z.string(),
  rainSensor: z.boolean(),
  brightnessSensor: z.boolean(),
  /** Collé, Descendante (door glass), Fixe… */
  installationType: z.string(),
  options: z.array(variantOptionSchema),
});
export type Variant = z.infer<typeof variantSchema>;

/** `unit` of labour lines (docs/product.md: the hourly rate is copied into them). */
export const SIDEXA_HOUR_UNIT = 'h';
/** `unit` of parts and consumables. */
export const SIDEXA_PIECE_UNIT = 'u';
/** What a line is: a glass part (windscreen, side, rear), its labour, or a consumable. */
export const SIDEXA_SUBTYPES = ['windscreen', 'side', 'rear', 'labour', 'consumable'] as const;

/**
 * A quotation line from the search (docs/product.md). A part has its `variants`; the lines that go with a part
 * (labour, adhesive kit, camera calibration) have codpiece `<part codpiece>-<suffix>` and no variants.
 */
export const sidexaLineSchema = z.object({
  codpiece: z.string(),
  title: z.string(),
  /** The reference: the Eurocode once the glass is known, else empty. */
  details: z.string(),
  quantity: z.number(),
  /** `h` (hours, priced at the garage's hourly rate) or `u`. */
  unit: z.string(),
  /** Cents; null until known (a variant to choose, or labour while the garage has no hourly rate). */
  preTaxAmount: z.number().int().nullable(),
  variants: z.array(variantSchema),
  subTypeCode: z.string(),
});
export type SidexaLine = z.infer<typeof sidexaLineSchema>;

/** The provider's answer (docs/product.md: vehicle data, then options, vinIdentified and lines). */
export const sidexaResultSchema = vehicleDataSchema.extend({
  /** Equipment of the vehicle, as labels. */
  options: z.array(z.string()),
  /** Identified by its VIN: each part has one variant, already priced. Otherwise a variant is picked per part. */
  vinIdentified: z.boolean(),
  lines: z.array(sidexaLineSchema),
});
export type SidexaResult = z.infer<typeof sidexaResultSchema>;

/** `GET /api/folder/{id}/sidexa-quotation`: the result, or a string, the provider's no-result text. */
export const sidexaQuotationResponseSchema = z.union([sidexaResultSchema, z.string()]);
export type SidexaQuotationResponse = z.infer<typeof sidexaQuotationResponseSchema>;

/** `POST /api/folder/{id}/sidexa-quotation/enrich`: the parts kept, each with its variant's ref. */
export const sidexaEnrichBodySchema = z.object({
  selectedParts: z
    .array(
      z.object({
        codpiece: z.string().trim().min(1, { message: SIDEXA_PART_REQUIRED }).max(40),
        ref: z.string().trim().min(1, { message: SIDEXA_PART_REQUIRED }).max(80),
      }),
      { message: SIDEXA_PART_REQUIRED },
    )
    .min(1, { message: SIDEXA_PART_REQUIRED })
    .max(20),
  /** The vehicle's Audatex code (`variants[].audatex`); empty skips the check. */
  audatex: z.string().trim().max(40).default(''),
});
export type SidexaEnrichBody = z.input<typeof sidexaEnrichBodySchema>;
/** The priced lines of the selected parts (labour at the company's hourly rate when it has one). */
export const sidexaEnrichResponseSchema = z.object({ lines: z.array(sidexaLineSchema) });
export type SidexaEnrichResponse = z.infer<typeof sidexaEnrichResponseSchema>;

// ---------------------------------------------------------------- company fee setting

/** `POST /api/company/{companyId}/fees`: the hourly rate in euros ("58", "58,50" or 58.5). */
export const companyFeesBodySchema = z.object({
  hourlyRate: z
    .union([z.number(), z.string()], { message: SIDEXA_HOURLY_RATE_REQUIRED })
    .refine((value) => String(value).trim() !== '', { message: SIDEXA_HOURLY_RATE_REQUIRED })
    .transform((value) => parseEuros(value))
    .refine((cents): cents is number => cents !== undefined && cents > 0 && cents <= 100_000, {
      message: SIDEXA_HOURLY_RATE_INVALID,
    })
    .transform((cents) => cents / 100),
});
export type CompanyFeesBody = z.input<typeof companyFeesBodySchema>;
/** Company fee setting (docs/product.md): euros. */
export const companyFeesSchema = z.object({ hourlyRate: z.number() });
export type CompanyFees = z.infer<typeof companyFeesSchema>;

// ---------------------------------------------------------------- the list (/sidexa/list)

/** Where a lookup stands: charged (pending), vehicle found, no result, parts priced. */
export const SIDEXA_STATES = ['pending', 'found', 'not_found', 'priced'] as const;
export type SidexaState = (typeof SIDEXA_STATES)[number];
export const SIDEXA_STATE_LABELS: Record<SidexaState, string> = {
  pending: 'En attente',
  found: 'Véhicule identifié',
  not_found: 'Sans résultat',
  priced: 'Pièces chiffrées',
};

/**
 * Column keys of `GET /api/sidexa/table`, index = sortField (docs/product.md: creation date, folder, internal status,
 * appointment date, technician, glass, consumption, rapport; then the lookup's state, which the status tabs filter).
 * Filters: folder (number, customer or plate), status (the folder status label, exact), technician, glass
 * (windscreen, side, rear), state (a `SIDEXA_STATES` value). `statusCounts`: `all` and one per state.
 */
export const SIDEXA_TABLE_COLUMNS = [
  'createdAt',
  'folder',
  'status',
  'appointmentAt',
  'technician',
  'glass',
  'consumption',
  'report',
  'state',
] as const;
export type SidexaTableColumn = (typeof SIDEXA_TABLE_COLUMNS)[number];
export const SIDEXA_STATE_COLUMN = SIDEXA_TABLE_COLUMNS.indexOf('state');

export const sidexaRowSchema = z.object({
  /** The lookup's id. */
  id: z.number().int(),
  createdAt: z.string(),
  folderId: z.number().int(),
  /** Folder number and customer: "D-2026-00012 · Camille Martin". */
  folder: z.string(),
  /** AB-123-CD. */
  plate: z.string(),
  /** Brand and model found, else the folder's. */
  vehicle: z.string(),
  /** The folder's internal status label, and its color. */
  status: z.string(),
  statusColor: z.string(),
  appointmentAt: z.string().nullable(),
  technician: z.string().nullable(),
  /** Pare-brise, Vitre latérale, Lunette arrière (the folder's glass). */
  glass: z.string().nullable(),
  /** Units consumed. */
  consumption: z.number().int(),
  /** The PDF report's URL; null while the lookup has no vehicle data. */
  report: z.string().nullable(),
  state: z.enum(SIDEXA_STATES),
  companyName: z.string(),
});
export type SidexaRow = z.infer<typeof sidexaRowSchema>;
export const sidexaTableResponseSchema = pagedResponseSchema(sidexaRowSchema);
export type SidexaTableResponse = z.infer<typeof sidexaTableResponseSchema>;

export const sidexaReportParamsSchema = z.object({
  lookupId: z.coerce.number({ message: 'Identifiant de recherche invalide' }).int().min(1),
});
/** The report's URL of a lookup. */
export const sidexaReportUrl = (lookupId: number) => `/api/sidexa/${lookupId}/report`;
