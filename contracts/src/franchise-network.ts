import { z } from 'zod';
import { type UnitPack, unitPacksSchema } from './units';

/*
 * The franchisor's view of its network (/franchise/{franchiseId}/network): each centre's key figures side by
 * side over a period, and what the franchisor publishes to its centres (shared catalogue, shared message
 * templates, the packs of units its centres buy).
 */

export const NETWORK_TITLE = 'Mon réseau';
export const NETWORK_LOAD_ERROR = 'Erreur lors du chargement des chiffres du réseau';
export const UNIT_PACKS_PUBLISHED = 'Packs d’unités publiés : vos centres les voient sur « Acheter des unités »';
export const UNIT_PACKS_RESET = 'Vos centres voient de nouveau les packs par défaut';
export const UNIT_PACKS_DUPLICATE = 'Deux packs ont le même nombre d’unités';

/** One centre's row: folders created in the period (and how many are closed), invoiced revenue, units used. */
export const networkCentreSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  /** The franchisor's own garage, listed with its centres. */
  franchisor: z.boolean(),
  folders: z.number().int(),
  closed: z.number().int(),
  /** Issued invoices minus issued credit notes, before tax, in cents. */
  revenue: z.number().int(),
  unitsUsed: z.number().int(),
  unitBalance: z.number().int(),
});
export type NetworkCentre = z.infer<typeof networkCentreSchema>;

export const networkSchema = z.object({
  centres: z.array(networkCentreSchema),
  published: z.object({
    sharedProducts: z.number().int(),
    sharedTemplates: z.number().int(),
    unitPacks: unitPacksSchema,
    /** False while the centres see the default packs. */
    customPacks: z.boolean(),
  }),
});
export type Network = z.infer<typeof networkSchema>;

/** A pack as the franchisor types it; its id follows from its units. */
export const publishedPackSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'Le nom du pack est obligatoire')
    .max(40, 'Le nom du pack fait 40 caractères au plus'),
  units: z
    .number({ message: 'Le nombre d’unités est obligatoire' })
    .int('Le nombre d’unités est un entier')
    .min(1, 'Un pack compte au moins 1 unité')
    .max(100_000, 'Un pack compte au plus 100 000 unités'),
  /** Before tax, cents. */
  preTaxPrice: z
    .number({ message: 'Le prix est obligatoire' })
    .int()
    .min(1, 'Le prix doit être positif')
    .max(100_000_000, 'Prix trop élevé'),
});

/** PUT body: the packs to publish, or null to go back to the default packs. */
export const unitPacksBodySchema = z.object({
  packs: z
    .array(publishedPackSchema)
    .min(1, 'Publiez au moins un pack')
    .max(8, 'Huit packs au plus')
    .refine((packs) => new Set(packs.map((pack) => pack.units)).size === packs.length, UNIT_PACKS_DUPLICATE)
    .nullable(),
});
export type UnitPacksBody = z.input<typeof unitPacksBodySchema>;

/** The packs as sold: ids from their units, smallest first. */
export function toUnitPacks(packs: z.output<typeof publishedPackSchema>[]): UnitPack[] {
  return [...packs]
    .sort((a, b) => a.units - b.units)
    .map((pack) => ({ id: `pack-${pack.units}`, label: pack.label, units: pack.units, preTaxPrice: pack.preTaxPrice }));
}
