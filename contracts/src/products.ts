import { z } from 'zod';
import { DEFAULT_TAX_RATE, TAX_RATE_UNKNOWN, TAX_RATES } from './billing-amounts';
import { parseEuros } from './money';

/*
 * Products of the catalogue (docs/product.md). A product belongs to a garage; the franchisor's
 * products marked "shared" form the franchise's catalogue, read by every centre, edited by the franchisor only.
 * Prices are integer cents.
 */

export const PRODUCT_ID_NOT_A_NUMBER = 'id is not a number';
export const PRODUCT_NOT_FOUND = 'Produit introuvable';
export const PRODUCT_LIST_ERROR = 'Erreur lors de la récupération des données';
export const PRODUCT_READ_ONLY = 'Ce produit appartient au catalogue de la franchise : seul le franchiseur le modifie';
export const PRODUCT_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour créer un produit';
export const PRODUCT_SAVED = 'Produit enregistré';
export const PRODUCT_SUPPLIER_UNKNOWN = 'Ce fournisseur n’existe pas dans ce garage';
export const PRODUCT_NAME_REQUIRED = 'Le nom du produit est obligatoire';
export const PRODUCT_STATUS_LABELS = { enabled: 'Activé', disabled: 'Désactivé' } as const;

/** The list's columns by index (docs/product.md): the DataTables `order[].column` points into this. */
export const PRODUCT_COLUMNS = [
  'product_name',
  'product_code',
  'description',
  'product_price',
  'category',
  'disabled',
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

export const PRODUCT_CATEGORIES = [
  'Pare-brise',
  'Vitre latérale',
  'Lunette arrière',
  'Capteur et caméra',
  'Colle et consommable',
  'Main-d’œuvre',
  'Pièce mécanique',
  'Autre',
] as const;
export const PRODUCT_UNITS = { piece: 'Pièce', hour: 'Heure' } as const;
export type ProductUnit = keyof typeof PRODUCT_UNITS;

/** A row of the product list (DataTables answer). */
export const productRowSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  product_code: z.string().nullable(),
  description: z.string().nullable(),
  /** Cents, before tax. */
  product_price: z.number().int(),
  category: z.string().nullable(),
  disabled: z.boolean(),
  /** The garage that owns it; rows of another company show disabled (read-only). */
  company: z.string(),
  editable: z.boolean(),
});
export type ProductRow = z.infer<typeof productRowSchema>;

export const productListResponseSchema = z.object({
  code: z.number().int(),
  draw: z.number().int(),
  data: z.array(productRowSchema),
  totalRecords: z.number().int(),
  nbPage: z.number().int(),
  statusCounts: z.record(z.string(), z.number().int()),
  message: z.string(),
});

/** `GET /product/{id}`: what a document line takes from a product (price in cents, before tax). */
export const productBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  productCode: z.string().nullable(),
  price: z.number().int(),
  /** A line takes its unit from it (an hour of labour: HUR). */
  unit: z.enum(['piece', 'hour']),
});
export type ProductBrief = z.infer<typeof productBriefSchema>;

/** `GET /product/search/{term}`: the line autocomplete's choices. */
/** The line autocomplete's choices: the product's name (and code), its id, its price before tax in cents. */
export const productSearchResultSchema = z.array(
  z.object({ label: z.string(), value: z.number().int(), price: z.number().int() }),
);

/** The product page's fields. */
export const productDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  productCode: z.string().nullable(),
  price: z.number().int(),
  category: z.string().nullable(),
  vatRate: z.number(),
  unit: z.enum(['piece', 'hour']),
  eurocode: z.string().nullable(),
  stockTracked: z.boolean(),
  supplierId: z.number().int().nullable(),
  supplier: z.string().nullable(),
  shared: z.boolean(),
  disabled: z.boolean(),
  company: z.string(),
  editable: z.boolean(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${max} caractères au plus` })
    .optional()
    .transform((value) => value || null);

/** Glass part reference: 4 digits (the vehicle), 2 letters (the glass), then options (e.g. 2436AGNMV1B). */
export const EUROCODE_PATTERN = /^\d{4}[A-Z]{2}[A-Z0-9]{0,10}$/;

/** Create or edit a product; `price` as typed ("129,90"), read once into cents. */
export const productBodySchema = z.object({
  name: z
    .string({ message: PRODUCT_NAME_REQUIRED })
    .trim()
    .min(1, { message: PRODUCT_NAME_REQUIRED })
    .max(120, { message: '120 caractères au plus' }),
  description: optionalText(1000),
  productCode: optionalText(40),
  price: z.union([z.string(), z.number()], { message: 'Le prix HT est obligatoire' }).transform((value, ctx) => {
    const cents = parseEuros(value);
    if (cents === undefined || cents < 0) {
      ctx.addIssue({ code: 'custom', message: 'Prix HT invalide : un nombre positif avec 2 décimales au plus' });
      return z.NEVER;
    }
    return cents;
  }),
  category: z.enum(PRODUCT_CATEGORIES, { message: 'Catégorie inconnue' }).nullable().default(null),
  vatRate: z
    .number()
    .refine((rate) => (TAX_RATES as readonly number[]).includes(rate), { message: TAX_RATE_UNKNOWN })
    .default(DEFAULT_TAX_RATE),
  unit: z.enum(['piece', 'hour']).default('piece'),
  eurocode: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || EUROCODE_PATTERN.test(value), {
      message: 'Eurocode invalide : 4 chiffres, 2 lettres, puis les options (ex. 2436AGNMV1B)',
    }),
  stockTracked: z.boolean().default(false),
  supplierId: z.number().int().min(1).nullable().default(null),
  /** Franchisor only: shared with every centre of the franchise. */
  shared: z.boolean().default(false),
  disabled: z.boolean().default(false),
});
export type ProductBody = z.input<typeof productBodySchema>;
