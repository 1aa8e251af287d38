import { z } from 'zod';

/* Revealing a folder customer's phone, e-mail or address: one logged access each (the history says who saw what). */

export const CONTACT_TYPES = ['phone', 'mail', 'address'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_LABELS: Record<ContactType, string> = {
  phone: 'Téléphone',
  mail: 'E-mail',
  address: 'Adresse',
};
export const contactAccessBodySchema = z.object({
  folderId: z.number().int().min(1),
  type: z.enum(CONTACT_TYPES),
});
/** The phone answer carries `phone`; mail and address answers carry their value (docs/product.md). */
export const contactAccessResponseSchema = z.object({
  phone: z.string().optional(),
  mail: z.string().optional(),
  address: z.string().optional(),
});
export type ContactAccessResponse = z.infer<typeof contactAccessResponseSchema>;
