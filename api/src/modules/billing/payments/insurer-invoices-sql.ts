import { and, eq, inArray, sql } from 'drizzle-orm';
import { billingDocuments } from '../../../db/schema';
import { isReceivableType } from '../../../lib/receivable-type';

/*
 * The SQL words « Créances assureurs » and the money insurers leave on account share: an insurer is known by the name
 * and SIREN its invoices give it; what an invoice still owes is its total less its credit notes and payments
 * (negative when the insurer paid more than that: money on its account).
 */

export const insurerName = sql<string>`coalesce(${billingDocuments.customer}->>'name', '')`;
export const insurerSiren = sql<string>`coalesce(${billingDocuments.customer}->>'siren', '')`;
export const due = sql<number>`(${billingDocuments.totalAmount} - ${billingDocuments.creditedAmount} - ${billingDocuments.paidAmount})`;

/** The issued insurer invoices of `companyIds`, and the opening balances insurers owe from the former software. */
export const insurerInvoicesOf = (companyIds: number[]) =>
  and(inArray(billingDocuments.companyId, companyIds), isReceivableType, eq(billingDocuments.billTo, 'insurer'));

/** An issued insurer invoice (or opening balance) still to be paid (of any garage), as its partial index reads it. */
export const unsettledInsurerInvoice = and(
  isReceivableType,
  eq(billingDocuments.billTo, 'insurer'),
  inArray(billingDocuments.status, ['issued', 'partial']),
);

/** The insurer invoices of `companyIds` still to be paid. */
export const unsettledInsurerInvoices = (companyIds: number[]) =>
  and(inArray(billingDocuments.companyId, companyIds), unsettledInsurerInvoice);

/** The insurer invoices holding money on account: paid beyond what they owe, read through their partial index. */
export const onAccountInsurerInvoices = (companyIds: number[]) =>
  and(
    insurerInvoicesOf(companyIds),
    sql`${billingDocuments.paidAmount} > ${billingDocuments.totalAmount} - ${billingDocuments.creditedAmount}`,
  );
