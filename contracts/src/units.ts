import { z } from 'zod';
import { pagedResponseSchema } from './paging';

/*
 * Prepaid units (jetons): one ledger per company, one balance (`companies.jeton`). Every change is a ledger row
 * written in the same transaction as the balance's single-statement update (never below zero). "Ma consommation"
 * lists the ledger; buying a pack (/checkout) credits it once its payment is confirmed.
 */

export const UNIT_KINDS = ['gestion', 'sidexa', 'recouvrement', 'achat'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];
export const UNIT_KIND_LABELS: Record<UnitKind, string> = {
  gestion: 'Gestion',
  sidexa: 'Sidexa',
  recouvrement: 'Recouvrement',
  achat: 'Achat d’unités',
};

/** Columns of "Ma consommation" by index: the tab filters column 3 (Type). */
export const CONSUMPTION_COLUMNS = ['date', 'folder', 'jetons', 'type'] as const;
export const CONSUMPTION_TYPE_COLUMN = 3;

export const consumptionRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  folderId: z.number().int().nullable(),
  folder: z.string().nullable(),
  /** Signed: a consumption is negative, a purchase positive. */
  jetons: z.number().int(),
  type: z.enum(UNIT_KINDS),
});
export type ConsumptionRow = z.infer<typeof consumptionRowSchema>;
export const consumptionListResponseSchema = pagedResponseSchema(consumptionRowSchema);

export const UNITS_INSUFFICIENT = 'Solde d’unités insuffisant : achetez des unités pour continuer';
/** Where a spending the balance cannot pay sends the user (the `redirect` of its 401): the unit purchase. */
export const UNITS_REDIRECT = '/checkout';

/** A pack of units for sale. The API's configuration can replace the default list (see the README). */
export const unitPackSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  label: z.string().min(1),
  units: z.number().int().min(1),
  /** Price before tax, cents; VAT at 20 % is added. */
  preTaxPrice: z.number().int().min(1),
});
export type UnitPack = z.infer<typeof unitPackSchema>;
export const unitPacksSchema = z.array(unitPackSchema).min(1);

export const DEFAULT_UNIT_PACKS: UnitPack[] = [
  { id: 'pack-10', label: 'Découverte', units: 10, preTaxPrice: 2_500 },
  { id: 'pack-50', label: 'Atelier', units: 50, preTaxPrice: 11_000 },
  { id: 'pack-100', label: 'Garage', units: 100, preTaxPrice: 20_000 },
  { id: 'pack-250', label: 'Réseau', units: 250, preTaxPrice: 45_000 },
];
export const UNIT_PACK_TAX_RATE = 20;

export const ORDER_STATUSES = ['pending', 'paid', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** `POST /api/checkout/orders`. */
export const checkoutOrderBodySchema = z.object({ packId: z.string().min(1, { message: 'Choisissez un pack' }) });
export const checkoutOrderSchema = z.object({
  id: z.number().int(),
  packId: z.string(),
  units: z.number().int(),
  preTaxPrice: z.number().int(),
  totalPrice: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;
export const checkoutOrderListSchema = z.object({ data: z.array(checkoutOrderSchema) });

/**
 * `POST /api/checkout/orders/{id}/pay`: the card goes to the payment provider. In test mode (offline) the card
 * 4242 4242 4242 4242 is accepted and 4000 0000 0000 0002 declined, as with the usual providers' test cards.
 */
export const checkoutPayBodySchema = z.object({
  cardNumber: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => /^\d{16}$/.test(value), { message: 'Le numéro de carte compte 16 chiffres' }),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { message: 'Date d’expiration au format MM/AA' }),
  cvc: z.string().regex(/^\d{3}$/, { message: 'Le cryptogramme compte 3 chiffres' }),
});
export type CheckoutPayBody = z.input<typeof checkoutPayBodySchema>;
export const checkoutPaidSchema = z.object({ jeton: z.number().int(), order: checkoutOrderSchema });
export const CHECKOUT_DECLINED = 'Paiement refusé par la banque : aucune unité n’a été créditée';
export const CHECKOUT_PACK_UNKNOWN = 'Ce pack n’existe pas';
export const CHECKOUT_ALREADY_PAID = 'Cette commande est déjà payée';
export const CHECKOUT_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour lui acheter des unités';
export const CHECKOUT_PAID = 'Paiement accepté : unités créditées';

/** Who sells the units (the software's publisher): the seller printed on the purchase invoices. */
/** The platform's publisher, seller of the units: every mention a B2B invoice prints about its seller. */
export const UNITS_SELLER = {
  name: 'Garage Back-Office SAS',
  legalForm: 'SAS',
  /** Cents. */
  shareCapital: 5_000_000,
  address: '12 rue de la Vitre',
  postalCode: '69003',
  city: 'Lyon',
  siret: '91234567500017',
  vatNumber: 'FR65912345675',
  registryKind: 'RCS',
  registryPlace: 'Lyon',
} as const;
/** Platform documents use company 0's numbering series "U". */
export const UNITS_INVOICE_SERIES = 'U';
