import { z } from 'zod';
import { eurosSchema } from './billing';
import { pagedResponseSchema } from './paging';
import { PAYMENT_METHODS } from './payment-methods';

/*
 * Payments received against issued invoices (docs/product.md). Recording one
 * raises the invoice's paid amount in the same statement that checks it stays within the total, so two cashiers
 * cannot both take the last euro.
 */

/** Columns by index (docs/product.md: name0, amount1, type2, invoice3, date4, comment5); default sort date desc. */
export const PAYMENT_COLUMNS = ['name', 'amount', 'type', 'invoice', 'date', 'comment'] as const;
export const PAYMENT_DEFAULT_SORT = { field: 'date', dir: 'desc' } as const;

/** The default of the payment, product and consumption list failures. */
export const CONSUMPTION_LIST_ERROR = 'Erreur lors du chargement des consommations';
export const PAYMENT_SAVED = 'Paiement enregistré';
export const PAYMENT_INVOICE_NOT_PAYABLE = 'Seule une facture émise et non soldée peut recevoir un paiement';
export const PAYMENT_EXCEEDS_DUE = 'Le paiement dépasse le reste à payer de la facture';
export const PAYMENT_AMOUNT_POSITIVE = 'Le montant doit être supérieur à 0';
export const PAYMENT_CANCELLED = 'Paiement annulé : une écriture négative le compense';
export const PAYMENT_NOT_FOUND = 'Paiement introuvable';
export const PAYMENT_ALREADY_CANCELLED = 'Ce paiement est déjà annulé';
export const PAYMENT_NOT_CANCELLABLE =
  'Un remboursement ou une imputation de montant sur compte ne s’annule pas : enregistrez l’opération inverse';
export const PAYMENT_CANCEL_REASON_REQUIRED = 'Le motif de l’annulation est obligatoire';
export const PAYMENT_DATE_FUTURE = 'La date du paiement ne peut pas être dans le futur';
export const paymentDateBeforeIssue = (issueDay: string) =>
  `La date du paiement ne peut pas précéder l’émission de la facture (le ${issueDay.split('-').reverse().join('/')})`;

/**
 * Cash (Code monétaire et financier, art. L112-6 and D112-3): a debt is paid in cash up to 1 000 € when the debtor
 * has their tax domicile in France or acts for their business, 15 000 € for a private debtor domiciled abroad.
 * Counted over all the cash payments of one invoice, so splitting a payment does not get round it.
 */
export const CASH_LIMIT_CENTS = 100_000;
export const CASH_LIMIT_NON_RESIDENT_CENTS = 1_500_000;
export const cashLimitOf = (debtor: { isBusiness: boolean }, nonResident: boolean) =>
  nonResident && !debtor.isBusiness ? CASH_LIMIT_NON_RESIDENT_CENTS : CASH_LIMIT_CENTS;
export const paymentCashLimit = (limitCents: number) =>
  limitCents === CASH_LIMIT_CENTS
    ? 'Paiement en espèces refusé : au-delà de 1 000 € par facture pour un débiteur domicilié fiscalement en France ou agissant pour son activité professionnelle (Code monétaire et financier, art. L112-6 et D112-3)'
    : 'Paiement en espèces refusé : au-delà de 15 000 € par facture pour un particulier domicilié fiscalement hors de France (Code monétaire et financier, art. D112-3)';

/** What a payment record is: money received, the cancellation of one, money given back, or money moved on account. */
export type PaymentKind = 'payment' | 'cancellation' | 'refund' | 'moved';
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  payment: 'Règlement',
  cancellation: 'Annulation',
  refund: 'Remboursement',
  moved: 'Imputation sur compte',
};
export const paymentKindOf = (row: { cancelsId: number | null; refund: boolean; moved: boolean }): PaymentKind =>
  row.cancelsId !== null ? 'cancellation' : row.refund ? 'refund' : row.moved ? 'moved' : 'payment';

export const paymentRowSchema = z.object({
  id: z.number().int(),
  /** The folder's label ("D-00042 · Dupont"), or the customer's name without a folder. */
  name: z.string(),
  folderId: z.number().int().nullable(),
  /** Cents. */
  amount: z.number().int(),
  type: z.enum(PAYMENT_METHODS),
  invoice: z.string().nullable(),
  invoiceId: z.number().int(),
  /** Paid on an unpaid invoice of the former software (« Solde repris »): no document page to open. */
  openingBalance: z.boolean(),
  date: z.string(),
  /** A negative record: the cancellation of payment `cancelsId`. */
  cancelsId: z.number().int().nullable(),
  /** A payment a later negative record cancels. */
  cancelled: z.boolean(),
  /** Money given back (negative). */
  refund: z.boolean(),
  /** Money already received moved between two invoices of one insurer (no money changed hands). */
  moved: z.boolean(),
  /** Paid on a deposit invoice (facture d'acompte). */
  deposit: z.boolean(),
  comment: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;
export const paymentListResponseSchema = pagedResponseSchema(paymentRowSchema);

/** `POST /api/paiement`: a payment of an issued invoice, partial or full. */
export const paymentBodySchema = z.object({
  invoiceId: z.number().int().min(1),
  amount: eurosSchema('Montant invalide').refine((cents) => cents > 0, { message: PAYMENT_AMOUNT_POSITIVE }),
  type: z.enum(PAYMENT_METHODS, { message: 'Choisissez le moyen de paiement' }),
  /** ISO date; today when absent. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date invalide' })
    .nullable()
    .default(null),
  comment: z.string().trim().max(500, { message: '500 caractères au plus' }).default(''),
  /** Cash only: a private debtor whose tax domicile is abroad (higher legal ceiling). */
  nonResident: z.boolean().default(false),
});
export type PaymentBody = z.input<typeof paymentBodySchema>;

export const REFUND_SAVED = 'Remboursement enregistré';
export const REFUND_NOTHING_OWED = 'Le garage ne doit rien au client sur cette facture : rien à rembourser';
export const REFUND_EXCEEDS_OWED = 'Le remboursement dépasse ce que le garage doit au client sur cette facture';
/**
 * `POST /api/paiement/refund`: money given back to the customer on an invoice paid beyond what is due (an
 * over-payment, or a credit note issued after payment), recorded like a payment, negative.
 */
export const refundBodySchema = paymentBodySchema.omit({ nonResident: true }).extend({
  type: z.enum(PAYMENT_METHODS, { message: 'Choisissez le moyen de remboursement' }),
});
export type RefundBody = z.input<typeof refundBodySchema>;

/** What the garage owes the customer on an invoice: what was paid beyond the total less its credit notes. */
export const owedToCustomer = (invoice: { totalAmount: number; creditedAmount: number; paidAmount: number }) =>
  Math.max(0, invoice.paidAmount - (invoice.totalAmount - invoice.creditedAmount));

/** `POST /api/paiement/{id}/cancel`: why (written on the negative record). */
export const paymentCancelBodySchema = z.object({
  reason: z
    .string({ message: PAYMENT_CANCEL_REASON_REQUIRED })
    .trim()
    .min(1, { message: PAYMENT_CANCEL_REASON_REQUIRED })
    .max(300, { message: '300 caractères au plus' }),
});
export const paymentIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'Identifiant de paiement invalide' }).int().min(1),
});
export const paymentRecordedSchema = z.object({
  id: z.number().int(),
  paidAmount: z.number().int(),
  /** The invoice's status after it: a refund can leave it paid, partly paid, or fully credited. */
  status: z.enum(['issued', 'partial', 'paid', 'credited']),
});
