import { z } from 'zod';

/*
 * An opening balance (« Solde repris »): an invoice of the garage's former software still unpaid when it switched,
 * imported (import-receivables.ts) as what is still owed. Followed in « Recouvrements » and « Créances assureurs »,
 * paid like an invoice; never a sale of the product's. Kept apart from the import's row rules, which the pages that
 * only show or pay a balance do not need.
 */

/** The type of a `billing_documents` row that is an opening balance: never a quote, an invoice or a credit note. */
export const OPENING_BALANCE_TYPE = 'opening-balance';
/** What the lists call it. */
export const OPENING_BALANCE_LABEL = 'Solde repris';
/** Its number: the former software's, after this prefix (the garage's numbering and the former one never meet). */
export const OPENING_BALANCE_PREFIX = 'ANC-';
export const openingBalanceNumber = (formerNumber: string) => `${OPENING_BALANCE_PREFIX}${formerNumber}`;
/** The documents that can be owed: the garage's invoices and the opening balances. */
export const RECEIVABLE_TYPES = ['invoice', OPENING_BALANCE_TYPE] as const;
/** Without a due date in the file: the 30 days that apply when nothing was agreed (C. com. L441-10). */
export const OPENING_BALANCE_DEFAULT_TERM_DAYS = 30;

/** `GET /api/paiement/opening-balances?search=`: the opening balances still owed, for the payment form's search. */
export const openingBalanceRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  customer: z.string(),
  billTo: z.enum(['customer', 'insurer']),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  creditedAmount: z.number().int(),
  issuedAt: z.string(),
  dueDate: z.string().nullable(),
});
export type OpeningBalanceRow = z.infer<typeof openingBalanceRowSchema>;
export const openingBalancesQuerySchema = z.object({ search: z.string().trim().max(100).default('') });
export const openingBalanceListSchema = z.object({ data: z.array(openingBalanceRowSchema) });
