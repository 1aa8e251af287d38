import { z } from 'zod';
import { isValidSiret, SIRET_INVALID, VAT_INVALID, vatMatchesSiret } from './company-ids';
import { pagedResponseSchema } from './paging';
import { POSTAL_CODE_INVALID, POSTAL_CODE_PATTERN } from './postal-code';

/* Suppliers of a garage (glass wholesalers, parts dealers), used by purchase orders and expenses. */

export const PAYMENT_TERMS = ['Comptant', '30 jours', '45 jours fin de mois', '60 jours'] as const;
export const SUPPLIER_COLUMNS = ['name', 'siret', 'contactName', 'email', 'phone', 'city', 'paymentTerms'] as const;
export const SUPPLIER_NOT_FOUND = 'Fournisseur introuvable';
export const SUPPLIER_SAVED = 'Fournisseur enregistré';
export const SUPPLIER_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour ajouter un fournisseur';
export const SUPPLIER_LIST_ERROR = 'Erreur lors du chargement des fournisseurs';

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  paymentTerms: z.string(),
  companyName: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${max} caractères au plus` })
    .optional()
    .transform((value) => value || null);

export const supplierBodySchema = z
  .object({
    name: z
      .string({ message: 'Le nom du fournisseur est obligatoire' })
      .trim()
      .min(1, { message: 'Le nom du fournisseur est obligatoire' })
      .max(120),
    siret: optional(20)
      .transform((value) => value?.replace(/[\s.]/g, '') ?? null)
      .refine((value) => value === null || isValidSiret(value), { message: SIRET_INVALID }),
    vatNumber: optional(20).transform((value) => value?.replace(/\s/g, '').toUpperCase() ?? null),
    contactName: optional(120),
    email: optional(200).refine((value) => value === null || z.email().safeParse(value).success, {
      message: 'Adresse e-mail invalide',
    }),
    phone: optional(20).refine((value) => value === null || /^\d{10}$/.test(value.replace(/[\s.]/g, '')), {
      message: 'Le numéro de téléphone doit contenir 10 chiffres',
    }),
    address: optional(200),
    postalCode: optional(5).refine((value) => value === null || POSTAL_CODE_PATTERN.test(value), {
      message: POSTAL_CODE_INVALID,
    }),
    city: optional(80),
    paymentTerms: z.enum(PAYMENT_TERMS, { message: 'Conditions de paiement inconnues' }).default('30 jours'),
  })
  .superRefine((body, ctx) => {
    // A French VAT number must be the SIREN's: a typo would put the wrong company on every purchase.
    if (
      body.vatNumber &&
      body.siret &&
      body.vatNumber.startsWith('FR') &&
      !vatMatchesSiret(body.vatNumber, body.siret)
    ) {
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: VAT_INVALID });
    }
  });
export type SupplierBody = z.input<typeof supplierBodySchema>;
export const supplierListResponseSchema = pagedResponseSchema(supplierSchema);
