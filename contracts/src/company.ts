import { z } from 'zod';

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
  logoUrl: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

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
/** Users keyed by id (spec section 7). */
export const companyUsersResponseSchema = z.record(z.string(), garageUserSchema);
export type GarageUser = z.infer<typeof garageUserSchema>;

/** Label of a user whose name is empty. */
export const userLabel = (user: GarageUser): string => user.name.trim() || `Utilisateur #${user.id}`;
