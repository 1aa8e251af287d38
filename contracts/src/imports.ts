import { z } from 'zod';
import { customerVehicleShape } from './folders';
import {
  importReceivableRowSchema,
  RECEIVABLE_FIELD_LABELS,
  RECEIVABLE_FIELDS,
  RECEIVABLE_HEADER_NAMES,
  RECEIVABLE_REQUIRED_FIELDS,
} from './import-receivables';
import { insurerBodySchema } from './insurers';
import { productBodySchema } from './products';
import { supplierBodySchema } from './suppliers';

/*
 * « Import depuis l’ancien logiciel »: a garage's customers and their vehicles, from the CSV or Excel file its former
 * software exports. Each column is matched to a field by its header (French and English names such software writes),
 * each row checked by the very rules of the new-folder form, then everything saved in one transaction. Importing the
 * same file again updates what changed and duplicates nothing; an import can be undone as a whole while no later
 * import has built on it.
 */

export const IMPORT_TITLE = 'Import depuis l’ancien logiciel';
export const IMPORT_MAX_ROWS = 50_000;

/**
 * What a file brings: the garage's customers with their vehicles, its products, suppliers, insurers, and the unpaid
 * invoices of the former software as opening balances (import-receivables.ts).
 */
export const IMPORT_KINDS = ['customers', 'products', 'suppliers', 'insurers', 'receivables'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  customers: 'Clients et véhicules',
  products: 'Produits',
  suppliers: 'Fournisseurs',
  insurers: 'Assureurs',
  receivables: 'Factures impayées (soldes repris)',
};

/** The fields of a customer-and-vehicle row, in the order the preview shows them. */
export const IMPORT_FIELDS = [
  'externalId',
  'civility',
  'lastName',
  'firstName',
  'phone',
  'email',
  'address',
  'postalCode',
  'city',
  'plate',
  'brand',
  'model',
  'vin',
  'mileage',
] as const;
const SUPPLIER_FIELDS = [
  'name',
  'siret',
  'vatNumber',
  'contactName',
  'email',
  'phone',
  'address',
  'postalCode',
  'city',
  'paymentTerms',
] as const;
const PRODUCT_FIELDS = ['productCode', 'name', 'eurocode', 'price', 'vatRate', 'description'] as const;
const INSURER_FIELDS = [
  'shortName',
  'legalName',
  'siren',
  'vatNumber',
  'email',
  'address',
  'postalCode',
  'city',
] as const;
export type ImportField =
  | (typeof IMPORT_FIELDS)[number]
  | (typeof PRODUCT_FIELDS)[number]
  | (typeof SUPPLIER_FIELDS)[number]
  | (typeof INSURER_FIELDS)[number]
  | (typeof RECEIVABLE_FIELDS)[number];

/** Each kind's fields, in the order the mapping and the preview show them. */
export const IMPORT_KIND_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  customers: IMPORT_FIELDS,
  products: PRODUCT_FIELDS,
  suppliers: SUPPLIER_FIELDS,
  insurers: INSURER_FIELDS,
  receivables: RECEIVABLE_FIELDS,
};

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  externalId: 'Code client (ancien logiciel)',
  civility: 'Civilité',
  lastName: 'Nom ou raison sociale',
  firstName: 'Prénom',
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
  name: 'Nom du fournisseur',
  siret: 'SIRET',
  vatNumber: 'N° de TVA intracommunautaire',
  contactName: 'Contact',
  paymentTerms: 'Conditions de paiement',
  productCode: 'Référence',
  eurocode: 'Eurocode',
  price: 'Prix HT (€)',
  vatRate: 'TVA (%)',
  description: 'Description',
  shortName: 'Nom de l’assureur',
  legalName: 'Raison sociale',
  siren: 'SIREN',
  ...RECEIVABLE_FIELD_LABELS,
};

/** The fields a row cannot do without: whom the customer is and which vehicle; the supplier's or insurer's name. */
export const IMPORT_REQUIRED_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  customers: ['lastName', 'plate'],
  products: ['name', 'price'],
  suppliers: ['name'],
  insurers: ['shortName'],
  receivables: RECEIVABLE_REQUIRED_FIELDS,
};

/**
 * Headers as garage software exports them (accents, case, spaces and punctuation ignored when compared): the
 * field's French and English names, and the abbreviations of the usual exports.
 */
export const IMPORT_HEADER_NAMES: Record<ImportField, readonly string[]> = {
  externalId: [
    'code client',
    'n client',
    'numero client',
    'no client',
    'ref client',
    'id client',
    'client id',
    'customer id',
    'customer code',
    'id',
    'code',
  ],
  civility: ['civilite', 'titre', 'title', 'civ'],
  lastName: [
    'nom',
    'nom client',
    'raison sociale',
    'nom ou raison sociale',
    'societe',
    'last name',
    'lastname',
    'surname',
    'name',
    'customer',
    'client',
  ],
  firstName: ['prenom', 'first name', 'firstname', 'given name'],
  phone: [
    'telephone',
    'tel',
    'portable',
    'mobile',
    'gsm',
    'tel portable',
    'tel mobile',
    'phone',
    'phone number',
    'mobile phone',
  ],
  email: ['email', 'e mail', 'mail', 'courriel', 'adresse mail', 'adresse email', 'email address'],
  address: ['adresse', 'adresse 1', 'rue', 'address', 'street', 'address line 1'],
  postalCode: ['code postal', 'cp', 'c p', 'postal code', 'zip', 'zip code', 'postcode'],
  city: ['ville', 'localite', 'commune', 'city', 'town'],
  plate: [
    'immatriculation',
    'immat',
    'plaque',
    'n immatriculation',
    'numero immatriculation',
    'plate',
    'registration',
    'license plate',
    'licence plate',
  ],
  brand: ['marque', 'constructeur', 'make', 'brand', 'manufacturer'],
  model: ['modele', 'version', 'model'],
  vin: [
    'vin',
    'n serie',
    'n de serie',
    'numero de serie',
    'numero serie',
    'chassis',
    'n chassis',
    'vin number',
    'serial number',
  ],
  mileage: ['kilometrage', 'km', 'kms', 'compteur', 'mileage', 'odometer'],
  name: [
    'fournisseur',
    'nom',
    'raison sociale',
    'nom fournisseur',
    'societe',
    'supplier',
    'supplier name',
    'name',
    'vendor',
    'designation',
    'libelle',
    'produit',
    'product',
    'product name',
  ],
  siret: ['siret', 'n siret', 'numero siret', 'siret number'],
  vatNumber: ['tva', 'n tva', 'tva intracommunautaire', 'n tva intracommunautaire', 'numero tva', 'vat', 'vat number'],
  contactName: ['contact', 'interlocuteur', 'nom du contact', 'contact name'],
  paymentTerms: ['conditions de paiement', 'reglement', 'conditions reglement', 'echeance', 'payment terms'],
  productCode: ['reference', 'ref', 'code article', 'code produit', 'article', 'sku', 'product code', 'item code'],
  eurocode: ['eurocode', 'code eurocode'],
  price: [
    'prix',
    'prix ht',
    'prix de vente',
    'prix de vente ht',
    'pu ht',
    'tarif',
    'price',
    'unit price',
    'sale price',
  ],
  vatRate: ['tva', 'taux tva', 'taux de tva', 'tva %', 'vat', 'vat rate', 'tax rate'],
  description: ['description', 'designation longue', 'libelle long', 'details', 'notes'],
  shortName: ['assureur', 'compagnie', 'nom', 'nom court', 'insurer', 'insurance company', 'name'],
  legalName: ['raison sociale', 'denomination', 'nom legal', 'legal name', 'company name'],
  siren: ['siren', 'n siren', 'numero siren', 'siren number'],
  ...RECEIVABLE_HEADER_NAMES,
};

/** A header as compared: lower case, no accent, words separated by one space. */
export const headerKey = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Column index per field of the kind (null: not in the file), each column given to one field at most. */
export type ImportMapping = Partial<Record<ImportField, number | null>>;

/** The mapping guessed from the headers: exact names first, then a header that starts with a known name. */
export function guessMapping(headers: readonly string[], kind: ImportKind = 'customers'): ImportMapping {
  const fields = IMPORT_KIND_FIELDS[kind];
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const mapping: ImportMapping = Object.fromEntries(fields.map((field) => [field, null]));
  const claim = (test: (key: string, name: string) => boolean) => {
    for (const field of fields) {
      if (mapping[field] !== null) continue;
      const index = keys.findIndex(
        (key, at) => !taken.has(at) && IMPORT_HEADER_NAMES[field].some((name) => test(key, name)),
      );
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
      }
    }
  };
  claim((key, name) => key === name);
  claim((key, name) => name.length > 2 && key.startsWith(`${name} `));
  return mapping;
}

/** A row as the import saves it: the new-folder form's customer and vehicle, and the old software's id. */
export const importCustomerRowSchema = z.object({
  externalId: z
    .string()
    .trim()
    .max(60, { message: 'Code client : 60 caractères au plus' })
    .optional()
    .transform((value) => value || undefined),
  ...customerVehicleShape,
});
export type ImportCustomerRow = z.output<typeof importCustomerRowSchema>;

/** The rules of a row, per kind: the forms' own (new folder, supplier, insurer). */
/** A product row: the product form's rules, its VAT rate read from the file's text (« 20 », « 5,5 % »). */
export const importProductRowSchema = productBodySchema.extend({
  vatRate: z.preprocess(
    (value) => (typeof value === 'string' ? Number(value.replace(',', '.').replace(/\s*%$/, '')) : value),
    productBodySchema.shape.vatRate,
  ),
});

export const IMPORT_ROW_SCHEMAS = {
  customers: importCustomerRowSchema,
  products: importProductRowSchema,
  suppliers: supplierBodySchema,
  insurers: insurerBodySchema,
  receivables: importReceivableRowSchema,
} as const;

export const importMappingSchema = z.partialRecord(
  z.enum([...new Set(Object.values(IMPORT_KIND_FIELDS).flat())] as [ImportField, ...ImportField[]]),
  z.number().int().min(0).nullable(),
);

export const IMPORT_MESSAGES = {
  tooMany: `Le fichier compte plus de ${IMPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes : découpez-le`,
  unreadable:
    'Fichier illisible : un CSV (séparé par des virgules ou des points-virgules) ou un classeur Excel (.xlsx) est attendu, avec sa ligne d’en-tête et au moins une ligne de clients',
  missing: (fields: string) => `Colonnes à associer avant d’importer : ${fields}`,
  duplicateColumn: 'Une même colonne est associée à deux champs',
  notDraft: 'Cet import a déjà été fait ou abandonné : recommencez avec le fichier',
  undoLater: 'Un import plus récent du même genre est en vigueur : annulez-le d’abord',
  kind: 'Genre d’import inconnu : clients, produits, fournisseurs, assureurs ou factures impayées',
  builtOn:
    'Des documents, des stocks, des règlements ou des relances utilisent déjà ce que l’import a créé : il ne s’annule plus',
  alreadyUndone: 'Cet import est déjà annulé',
  notImported: 'Cet import n’a pas encore été fait : rien à annuler',
  notFound: 'Import introuvable',
  concurrent: 'Un autre import du garage a écrit les mêmes clients au même moment : vérifiez le fichier à nouveau',
} as const;

export const IMPORT_STATUSES = ['draft', 'imported', 'undone'] as const;
export const IMPORT_STATUS_LABELS: Record<(typeof IMPORT_STATUSES)[number], string> = {
  draft: 'Vérifié, pas encore importé',
  imported: 'Importé',
  undone: 'Annulé',
};

/** One refused row: its line in the file (the header is line 1) and why, in French. */
export const importRefusalSchema = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

export const importCountsSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** An import: its file, how it was read, its mapping and what it did (or would do: a dry run). */
export const importSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  encoding: z.string(),
  delimiter: z.string(),
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  /** The first rows as they will be saved (after the mapping), or their refusal. */
  preview: z.array(
    z.object({ line: z.number().int(), values: z.record(z.string(), z.string()), reason: z.string().nullable() }),
  ),
  counts: importCountsSchema,
  refusals: z.array(importRefusalSchema),
  createdAt: z.string(),
  importedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** Whether « Annuler l’import » is possible now (no later import built on it). */
  undoable: z.boolean(),
});
export type Import = z.infer<typeof importSchema>;

export const importListSchema = z.object({
  data: z.array(importSchema.omit({ preview: true, refusals: true, headers: true })),
});

/** `POST /api/imports/{id}/check` and `/run`: the mapping chosen on the preview. */
export const importRunBodySchema = z.object({ mapping: importMappingSchema });
export type ImportRunBody = z.infer<typeof importRunBodySchema>;
