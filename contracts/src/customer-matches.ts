import { z } from 'zod';

/*
 * « Déjà connu dans ce garage »: while « Nouveau client » is typed, the customers the garage already has with the same
 * plate, phone, e-mail or name, from its past folders and from the customer file it imported from its former
 * software. The new folder takes one over instead of typing it again (or a duplicate is seen before it is created).
 * The answer names the customer and the vehicle; contact details leave only through « Reprendre », logged.
 */

export const CUSTOMER_MATCH_KEYS = ['plate', 'phone', 'email', 'name'] as const;
export type CustomerMatchKey = (typeof CUSTOMER_MATCH_KEYS)[number];
export const CUSTOMER_MATCH_KEY_LABELS: Record<CustomerMatchKey, string> = {
  plate: 'même plaque',
  phone: 'même téléphone',
  email: 'même e-mail',
  name: 'même nom',
};

export const customerMatchesQuerySchema = z.object({
  plate: z.string().trim().max(20).optional(),
  phone: z.string().trim().max(20).optional(),
  email: z.string().trim().max(200).optional(),
  lastName: z.string().trim().max(80).optional(),
});
export type CustomerMatchesQuery = z.infer<typeof customerMatchesQuerySchema>;

export const customerMatchSchema = z.object({
  /** `folder`: a past folder of the garage; `directory`: the customer file imported from the former software. */
  source: z.enum(['folder', 'directory']),
  /** The folder's id, or the imported customer's. */
  id: z.number().int(),
  folderNumber: z.string().nullable(),
  matchedOn: z.array(z.enum(CUSTOMER_MATCH_KEYS)),
  civility: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string(),
  city: z.string().nullable(),
  vehicle: z.object({ plate: z.string(), brand: z.string().nullable(), model: z.string().nullable() }).nullable(),
});
export type CustomerMatch = z.infer<typeof customerMatchSchema>;
export const customerMatchesSchema = z.object({ matches: z.array(customerMatchSchema) });

export const customerTakeParamsSchema = z.object({
  source: z.enum(['folder', 'directory']),
  id: z.coerce.number().int().min(1),
});

/** What « Reprendre » fills in the new folder: the customer with their contact details, and the vehicle. */
export const customerTakeoverSchema = z.object({
  civility: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  plate: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  vin: z.string().nullable(),
  mileage: z.number().int().nullable(),
});
export type CustomerTakeover = z.infer<typeof customerTakeoverSchema>;

export const CUSTOMER_MATCHES_PATH = 'api/customer/matches';
export const customerTakePath = (source: 'folder' | 'directory', id: number) => `api/customer/matches/${source}/${id}`;
export const CUSTOMER_MATCH_NOT_FOUND = 'Client introuvable dans ce garage';
