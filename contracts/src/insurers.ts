import { z } from 'zod';
import { einvoicingAddressSchema, isValidSiren, vatNumberOf } from './company-ids';
import type { Insurer } from './folders';
import { pagedResponseSchema } from './paging';
import { POSTAL_CODE_INVALID, POSTAL_CODE_PATTERN } from './postal-code';

/*
 * The head offices of the insurers a folder names (public registers, SIRENs checked by their Luhn key): what an
 * insurer invoice prints about its buyer. Seed data for the insurer directory; a garage checks them before real use.
 */
interface InsurerOffice {
  legalName: string;
  siren: string;
  address: string;
  postalCode: string;
  city: string;
}

export const INSURER_OFFICES: Record<Exclude<Insurer, 'Sans assurance'>, InsurerOffice> = {
  AXA: {
    legalName: 'AXA France IARD',
    siren: '722057460',
    address: '313 Terrasses de l’Arche',
    postalCode: '92000',
    city: 'Nanterre',
  },
  MAIF: {
    legalName: 'MAIF',
    siren: '775709702',
    address: '200 avenue Salvador Allende',
    postalCode: '79000',
    city: 'Niort',
  },
  MACIF: {
    legalName: 'MACIF',
    siren: '781452511',
    address: '1 rue Jacques Vandier',
    postalCode: '79000',
    city: 'Niort',
  },
  Allianz: {
    legalName: 'Allianz IARD',
    siren: '542110291',
    address: '1 cours Michelet',
    postalCode: '92800',
    city: 'Puteaux',
  },
  Groupama: {
    legalName: 'Groupama Assurances Mutuelles',
    siren: '343115135',
    address: '8-10 rue d’Astorg',
    postalCode: '75008',
    city: 'Paris',
  },
  GMF: {
    legalName: 'GMF Assurances',
    siren: '398972901',
    address: '148 rue Anatole France',
    postalCode: '92300',
    city: 'Levallois-Perret',
  },
  Matmut: {
    legalName: 'Matmut',
    siren: '775701477',
    address: '66 rue de Sotteville',
    postalCode: '76100',
    city: 'Rouen',
  },
  MMA: {
    legalName: 'MMA IARD',
    siren: '440048882',
    address: '14 boulevard Marie et Alexandre Oyon',
    postalCode: '72000',
    city: 'Le Mans',
  },
  Generali: {
    legalName: 'Generali IARD',
    siren: '552062663',
    address: '2 rue Pillet-Will',
    postalCode: '75009',
    city: 'Paris',
  },
  Pacifica: {
    legalName: 'Pacifica',
    siren: '352358865',
    address: '8-10 boulevard de Vaugirard',
    postalCode: '75015',
    city: 'Paris',
  },
  MAAF: { legalName: 'MAAF Assurances', siren: '781423280', address: 'Chaban', postalCode: '79180', city: 'Chauray' },
  'Direct Assurance': {
    legalName: 'Avanssur (Direct Assurance)',
    siren: '378393946',
    address: '48 rue Carnot',
    postalCode: '92150',
    city: 'Suresnes',
  },
  Covéa: {
    legalName: 'Covéa',
    siren: '450527916',
    address: '86-90 rue Saint-Lazare',
    postalCode: '75009',
    city: 'Paris',
  },
  Aviva: {
    legalName: 'Abeille IARD & Santé (ex-Aviva)',
    siren: '306522665',
    address: '80 avenue de l’Europe',
    postalCode: '92270',
    city: 'Bois-Colombes',
  },
};

/** The buyer fields of a known insurer (its VAT number derived from its SIREN), or undefined. */
export function insurerOffice(name: string) {
  const office = INSURER_OFFICES[name as keyof typeof INSURER_OFFICES];
  if (!office) return undefined;
  return { ...office, vatNumber: vatNumberOf(office.siren) };
}

// ---------------------------------------------------------------- the insurer directory

/*
 * The insurers a garage bills: one directory per garage, plus the network's (entries of the franchisor's company
 * marked `shared`, read by every garage of the network, changed by the franchisor only), as the product catalogue.
 * A folder's insurer is chosen from it; its entry is the buyer of the folder's insurer invoices.
 */

export const INSURER_COLUMNS = ['shortName', 'legalName', 'siren', 'city', 'einvoicingAddress', 'shared'] as const;
export const INSURER_NOT_FOUND = 'Assureur introuvable';
export const INSURER_SAVED = 'Assureur enregistré';
export const INSURER_DELETED = 'Assureur supprimé';
export const INSURER_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour ajouter un assureur';
export const INSURER_LIST_ERROR = 'Erreur lors du chargement des assureurs';
export const INSURER_DUPLICATE = 'Un assureur de ce nom existe déjà dans cet annuaire';
export const INSURER_UNKNOWN_FOR_FOLDER = 'Choisissez l’assureur dans l’annuaire du garage du dossier';
export const INSURER_SHARE_FRANCHISOR_ONLY = 'Seul le franchiseur partage un assureur avec tout son réseau';
export const INSURER_NETWORK_READ_ONLY =
  'Cet assureur appartient à l’annuaire du réseau : seul le franchiseur le modifie';
export const insurerInUse = (folders: number) =>
  `Cet assureur est celui de ${folders} dossier${folders > 1 ? 's' : ''} : il ne se supprime pas (modifiez-le plutôt)`;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${max} caractères au plus` })
    .default('');

export const insurerBodySchema = z.object({
  /** What folders and lists show ("MAIF"). */
  shortName: z
    .string({ message: 'Le nom de l’assureur est obligatoire' })
    .trim()
    .min(1, { message: 'Le nom de l’assureur est obligatoire' })
    .max(60, { message: '60 caractères au plus' }),
  /** What an insurer invoice prints as its buyer ("MAIF", "AXA France IARD"). */
  legalName: z
    .string({ message: 'La raison sociale est obligatoire' })
    .trim()
    .min(1, { message: 'La raison sociale est obligatoire' })
    .max(200, { message: '200 caractères au plus' }),
  siren: text(11)
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => value === '' || isValidSiren(value), {
      message: 'SIREN invalide : 9 chiffres, clé de contrôle incorrecte',
    }),
  address: text(200),
  postalCode: text(5).refine((value) => value === '' || POSTAL_CODE_PATTERN.test(value), {
    message: POSTAL_CODE_INVALID,
  }),
  city: text(80),
  /**
   * Where its claims service receives invoices when it is not the head office (« Service sinistres, TSA 12345, 79060
   * Niort Cedex 9 »): printed on its invoices under the head office, which stays the legal buyer's address.
   */
  billingAddress: text(300),
  vatNumber: text(20).transform((value) => value.replace(/\s/g, '').toUpperCase()),
  /** Where its e-invoices go from the 2026 reform on (its address in the directory of the PPF / its PDP). */
  einvoicingAddress: einvoicingAddressSchema,
  email: text(200).refine((value) => value === '' || z.email().safeParse(value).success, {
    message: 'Adresse e-mail invalide',
  }),
  /** Shared with the whole network (the franchisor's entries only). */
  shared: z.boolean().default(false),
});
export type InsurerBody = z.input<typeof insurerBodySchema>;

export const insurerSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  shortName: z.string(),
  legalName: z.string(),
  siren: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  billingAddress: z.string(),
  vatNumber: z.string(),
  einvoicingAddress: z.string(),
  email: z.string(),
  shared: z.boolean(),
  /** False for a network entry read by a garage: only its franchisor changes it. */
  editable: z.boolean(),
});
export type InsurerEntry = z.infer<typeof insurerSchema>;
export const insurerListResponseSchema = pagedResponseSchema(insurerSchema);

/** One choice of the folder form: the directory entry and the name folders show. */
export const insurerChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type InsurerChoice = z.infer<typeof insurerChoiceSchema>;
