import { z } from 'zod';
import { DEFAULT_TAX_RATE, TAX_RATE_UNKNOWN, TAX_RATES } from './billing-amounts';

export const GARAGE_TYPES = ['Fixe', 'Mobile', 'Fixe et Mobile'] as const;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tradeName: z.string().nullable(),
  siret: z.string().nullable(),
  tvaNumber: z.string().nullable(),
  phone: z.string().nullable(),
  garageType: z.enum(GARAGE_TYPES).nullable(),
  emailApi: z.string().nullable(),
  franchiseId: z.number().int().nullable(),
  jeton: z.number().int(),
  hourlyRate: z.number().nullable(),
  /** VAT rate (%) new document lines and products start with. */
  defaultTaxRate: z.number(),
  logoUrl: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const DEFAULT_TAX_RATE_SAVED = 'TVA par défaut enregistrée';
/** `PUT /api/company/{companyId}/default-tax-rate`. */
export const companyTaxBodySchema = z.object({
  defaultTaxRate: z.coerce
    .number({ message: TAX_RATE_UNKNOWN })
    .refine((rate) => (TAX_RATES as readonly number[]).includes(rate), { message: TAX_RATE_UNKNOWN }),
});
export type CompanyTaxBody = z.input<typeof companyTaxBodySchema>;
export const companyTaxSchema = z.object({ defaultTaxRate: z.number() });

/** The rate a new line starts with: the selected garage's default, else 20 %. */
export const startingTaxRate = (company: Pick<Company, 'defaultTaxRate'> | null | undefined) =>
  company?.defaultTaxRate ?? DEFAULT_TAX_RATE;

export const companyInfosResponseSchema = z.object({
  /** The selected company, or null when TOUT (all companies) is selected. */
  company: companySchema.nullable(),
  companies: z.array(companySchema),
  /** Logo of the selected company's franchise, when it belongs to one. */
  franchiseLogoUrl: z.string().nullable(),
});
export type CompanyInfosResponse = z.infer<typeof companyInfosResponseSchema>;

export const companySearchQuerySchema = z.object({
  q: z.string().trim().min(2, { message: 'Saisissez au moins 2 caractères' }).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const companySearchItemSchema = z.object({ id: z.number().int(), name: z.string() });
export const companySearchResponseSchema = z.array(companySearchItemSchema);
export type CompanySearchItem = z.infer<typeof companySearchItemSchema>;

export const companyIdParamsSchema = z.object({
  companyId: z.coerce.number().int({ message: 'Identifiant de société invalide' }).min(0),
});
export const idParamsSchema = z.object({ id: z.coerce.number().int({ message: 'Identifiant invalide' }).min(1) });

export const garageUserSchema = z.object({ id: z.number().int(), name: z.string() });
/** Users keyed by id (docs/product.md). */
export const companyUsersResponseSchema = z.record(z.string(), garageUserSchema);
export type GarageUser = z.infer<typeof garageUserSchema>;

/** Label of a user whose name is empty. */
export const userLabel = (user: GarageUser): string => user.name.trim() || `Utilisateur #${user.id}`;

/** The garage's logo (`/api/company/{companyId}/logo`): PNG, JPEG or WebP recognised by content, 1 MB at most. */
export const LOGO_MAX_BYTES = 1_048_576;
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';
export const LOGO_TYPE_REFUSED_MESSAGE = 'Le logo doit être une image PNG, JPEG ou WebP';
export const LOGO_TOO_LARGE_MESSAGE = 'Le logo ne doit pas dépasser 1 Mo';
export const LOGO_REQUIRED_MESSAGE = 'Choisissez une image pour le logo';
export const LOGO_NOT_FOUND_MESSAGE = 'Logo introuvable';
export const LOGO_SAVED = 'Logo enregistré';
export const LOGO_REMOVED = 'Logo retiré';
/** `POST /api/company/{companyId}/logo`: where the new logo is read (its `?v=` changes on every upload). */
export const companyLogoResponseSchema = z.object({ logoUrl: z.string() });
export type CompanyLogoResponse = z.infer<typeof companyLogoResponseSchema>;
/** `GET /api/company/{companyId}/logo?v=`: the version only busts caches; any value serves the current logo. */
export const companyLogoQuerySchema = z.object({ v: z.string().max(32).optional() });
