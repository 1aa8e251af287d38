import { z } from 'zod';
import { eurosSchema } from './billing';
import { PAYMENT_METHODS } from './payment-methods';

/*
 * « Clôture de caisse »: at the end of a day at the desk, the cashier sees the day's receipts by means of payment
 * (what was recorded that day, refunds and cancellations subtracted), counts the cash in the drawer, and closes the
 * till: the expected cash (the float plus the day's net cash), the counted cash and their difference, explained when
 * there is one, kept as they were and printable. One per garage and day. The daily closing of the inalterability
 * rules (« Clôtures ») is a different thing and stays as it is.
 */

export const CASH_UP_TITLE = 'Clôture de caisse';
export const CASH_UP_SAVED = 'Caisse clôturée : comptage conservé';
export const CASH_UP_PICK_GARAGE = 'Choisissez un garage pour clôturer sa caisse';
export const CASH_UP_FUTURE_DAY = 'On ne clôture pas la caisse d’un jour à venir';
export const CASH_UP_EXPLANATION_REQUIRED = 'Expliquez l’écart entre les espèces comptées et les espèces attendues';
export const CASH_UP_NOT_FOUND = 'Clôture de caisse introuvable';
export const cashUpAlreadyClosed = (day: string) =>
  `La caisse du ${day.split('-').reverse().join('/')} est déjà clôturée`;

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date invalide' });
const nonNegativeEuros = (label: string) =>
  eurosSchema(`${label} : montant invalide`).refine((cents) => cents >= 0, {
    message: `${label} : le montant ne peut pas être négatif`,
  });

/** The day's receipts for one means of payment: how many records and their net amount (cents). */
export const cashUpReceiptSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  count: z.number().int(),
  amount: z.number().int(),
});
export type CashUpReceipt = z.infer<typeof cashUpReceiptSchema>;

/** A closed till, as kept. Amounts in cents. */
export const cashUpSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  day: z.string(),
  receipts: z.array(cashUpReceiptSchema),
  floatAmount: z.number().int(),
  expectedCash: z.number().int(),
  countedCash: z.number().int(),
  difference: z.number().int(),
  explanation: z.string(),
  closedBy: z.string(),
  closedAt: z.string(),
});
export type CashUp = z.infer<typeof cashUpSchema>;

/** `GET /api/paiement/cash-up?day=`: the day's receipts in the selected garage, and its closing when there is one. */
export const cashUpQuerySchema = z.object({ day: daySchema.optional() });
export const cashUpDaySchema = z.object({
  day: z.string(),
  receipts: z.array(cashUpReceiptSchema),
  /** The net cash of the day's receipts (cents): what the drawer holds beyond its float. */
  cashReceived: z.number().int(),
  closed: cashUpSchema.nullable(),
});
export type CashUpDay = z.infer<typeof cashUpDaySchema>;

/** `POST /api/paiement/cash-up`: the count of a day's cash (euros typed, cents kept). */
export const cashUpBodySchema = z.object({
  day: daySchema,
  floatAmount: nonNegativeEuros('Fond de caisse'),
  countedCash: nonNegativeEuros('Espèces comptées'),
  explanation: z.string().trim().max(500, { message: 'Explication : 500 caractères au plus' }).default(''),
});
export type CashUpBody = z.input<typeof cashUpBodySchema>;

export const cashUpIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identifiant de clôture invalide' }).int().min(1),
});

/** What the drawer should hold and the difference with what was counted (cents): the one rule of form and server. */
export function cashUpBalance(input: { floatAmount: number; cashReceived: number; countedCash: number }) {
  const expectedCash = input.floatAmount + input.cashReceived;
  return { expectedCash, difference: input.countedCash - expectedCash };
}
