import { z } from 'zod';
import { documentLineBodySchema } from './billing';
import { folderCreateBodySchema } from './folders';
import { PAYMENT_METHODS } from './payment-methods';

/*
 * « Vente au comptoir »: a private customer at the desk. One call opens the folder (customer and vehicle), issues its
 * invoice from the catalogue's lines and records the payment in full, in one transaction: a refused payment (cash over
 * the ceiling) leaves nothing behind.
 */

export const COUNTER_NEEDS_LINES = 'Ajoutez au moins une ligne à la vente';
export const COUNTER_PICK_GARAGE = 'Sélectionnez un garage en haut à gauche pour encaisser une vente';
export const COUNTER_SALE_DONE = 'Vente encaissée : facture acquittée';

/** `POST /api/paiement/counter`: the customer and the vehicle (a new folder's fields), the lines, how it is paid. */
export const counterSaleBodySchema = z.object({
  folder: folderCreateBodySchema,
  lines: z.array(documentLineBodySchema).min(1, { message: COUNTER_NEEDS_LINES }).max(200),
  /** Prices typed tax included, as a counter quotes them. */
  taxInclusive: z.boolean().default(true),
  method: z.enum(PAYMENT_METHODS, { message: 'Choisissez le moyen de paiement' }),
});
export type CounterSaleBody = z.input<typeof counterSaleBodySchema>;

export const counterSaleSchema = z.object({
  folderId: z.number().int(),
  invoiceId: z.number().int(),
  number: z.string(),
  totalAmount: z.number().int(),
});
export type CounterSale = z.infer<typeof counterSaleSchema>;

/** `GET /api/paiement/counter/vehicle?plate=`: a vehicle the garage already worked on, and its last customer's name. */
export const counterVehicleQuerySchema = z.object({ plate: z.string().trim().min(1).max(20) });
export const counterVehicleSchema = z
  .object({
    plate: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    vin: z.string().nullable(),
    civility: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
  })
  .nullable();
export type CounterVehicle = z.infer<typeof counterVehicleSchema>;
