import {
  BILLING_DOCUMENT_NOT_FOUND,
  cashLimitOf,
  OPENING_BALANCE_TYPE,
  owedToCustomer,
  PAYMENT_ALREADY_CANCELLED,
  PAYMENT_COLUMNS,
  PAYMENT_DATE_FUTURE,
  PAYMENT_EXCEEDS_DUE,
  PAYMENT_INVOICE_NOT_PAYABLE,
  PAYMENT_METHODS,
  PAYMENT_NOT_CANCELLABLE,
  PAYMENT_NOT_FOUND,
  type PagingQuery,
  type PaymentMethod,
  type PaymentRow,
  parisDay,
  parisToday,
  paymentCashLimit,
  paymentDateBeforeIssue,
  RECEIVABLE_TYPES,
  REFUND_EXCEEDS_OWED,
  REFUND_NOTHING_OWED,
} from 'contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { billingDocuments, folders, payments } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../lib/domain-error';
import { type ListQuery, resolvePaging } from '../../../lib/paging';
import { isReceivableType } from '../../../lib/receivable-type';
import { matchesAllWords } from '../../../lib/search';
import { chainPayment } from '../../ledger/chain';
import { invoiceStatus } from '../documents/credit-notes';

export interface NewPayment {
  companyIds: number[];
  invoiceId: number;
  /** Cents, > 0. */
  amount: number;
  method: PaymentMethod;
  paidOn: string;
  comment: string;
  /** Null for the demo seed. */
  userId: number | null;
  /** Cash from a private debtor domiciled abroad (higher legal ceiling). */
  nonResident?: boolean;
  /** An insurer transfer's rest left on its account: this invoice may be paid beyond what it owes. */
  beyondDue?: boolean;
  /** Money already received, moved here from another invoice of the same insurer (see `payments.moved`). */
  moved?: boolean;
}

export interface PaymentRecorded {
  id: number;
  paidAmount: number;
  status: 'issued' | 'partial' | 'paid' | 'credited';
}

/**
 * Records a payment: ONE update raises the invoice's paid amount only while it stays within what is due, the
 * total less its credit notes (two
 * cashiers taking the last euro queue on the row; the second finds nothing left), and sets partial or paid in
 * the same statement; the payment row follows in the same transaction.
 */
export async function recordPayment(tx: Transaction, payment: NewPayment): Promise<PaymentRecorded> {
  const { invoiceId, amount } = payment;
  await checkPaymentRules(tx, payment);
  const [updated] = await tx
    .update(billingDocuments)
    .set({
      paidAmount: sql`${billingDocuments.paidAmount} + ${amount}`,
      // What is due is the total less the invoice's credit notes.
      status: sql`case when ${billingDocuments.paidAmount} + ${amount} >= ${billingDocuments.totalAmount} - ${billingDocuments.creditedAmount} then 'paid' else 'partial' end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(billingDocuments.id, invoiceId),
        inArray(billingDocuments.companyId, payment.companyIds),
        isReceivableType,
        inArray(billingDocuments.status, ['issued', 'partial']),
        payment.beyondDue
          ? eq(billingDocuments.billTo, 'insurer')
          : sql`${billingDocuments.paidAmount} + ${amount} <= ${billingDocuments.totalAmount} - ${billingDocuments.creditedAmount}`,
      ),
    )
    .returning({
      companyId: billingDocuments.companyId,
      number: billingDocuments.number,
      paidAmount: billingDocuments.paidAmount,
      status: billingDocuments.status,
    });
  if (!updated) return refuseUnpayable(tx, payment);
  const [row] = await tx
    .insert(payments)
    .values({
      companyId: updated.companyId,
      invoiceId,
      amount,
      method: payment.method,
      paidOn: payment.paidOn,
      comment: payment.comment,
      moved: payment.moved ?? false,
      createdBy: payment.userId,
    })
    .returning();
  if (!row) throw new Error('payment not recorded');
  // A receipt is a link of the garage's inalterable chain, in this same transaction.
  await chainPayment(tx, row, updated.number ?? '');
  return { id: row.id, paidAmount: updated.paidAmount, status: updated.status as 'partial' | 'paid' };
}

/**
 * The legal rules a payment must follow, checked on the invoice's locked row (two cashiers taking cash at once
 * queue): dated between the invoice's issue day and today in France, and cash within the ceiling of the Code
 * monétaire et financier over all the invoice's cash payments. Throws the French refusal.
 */
async function checkPaymentRules(tx: Transaction, payment: NewPayment): Promise<void> {
  if (payment.paidOn > parisToday()) throw invalid(PAYMENT_DATE_FUTURE);
  const [invoice] = await tx
    .select({ issuedAt: billingDocuments.issuedAt, customer: billingDocuments.customer })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, payment.invoiceId), inArray(billingDocuments.companyId, payment.companyIds)))
    .for('update');
  if (!invoice?.issuedAt) return; // not found or not issued: the update says which
  const issueDay = parisDay(invoice.issuedAt);
  if (payment.paidOn < issueDay) throw invalid(paymentDateBeforeIssue(issueDay));
  if (payment.method !== 'cash') return;
  const [cash] = await tx
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.invoiceId, payment.invoiceId), eq(payments.method, 'cash')));
  const limit = cashLimitOf(invoice.customer, payment.nonResident ?? false);
  if ((cash?.total ?? 0) + payment.amount > limit) throw invalid(paymentCashLimit(limit));
}

/**
 * Cancels a payment of `companyIds` by a new negative record of the same amount and method, dated today in France,
 * carrying the reason; the invoice's paid amount goes down in the same transaction, its row locked (a double click
 * queues, then finds the payment cancelled). Answers the negative record's id.
 */
export async function cancelPayment(
  tx: Transaction,
  input: { companyIds: number[]; paymentId: number; reason: string; userId: number },
): Promise<number> {
  const [original] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), inArray(payments.companyId, input.companyIds)));
  if (!original || original.cancelsId !== null) throw notFound(PAYMENT_NOT_FOUND);
  if (original.moved || original.refund) throw conflict(PAYMENT_NOT_CANCELLABLE);
  const [invoice] = await tx
    .select()
    .from(billingDocuments)
    .where(eq(billingDocuments.id, original.invoiceId))
    .for('update');
  if (!invoice) throw notFound(PAYMENT_NOT_FOUND);
  const [already] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.cancelsId, original.id));
  if (already) throw conflict(PAYMENT_ALREADY_CANCELLED);
  const [row] = await tx
    .insert(payments)
    .values({
      companyId: original.companyId,
      invoiceId: original.invoiceId,
      amount: -original.amount,
      method: original.method,
      paidOn: parisToday(),
      comment: `Annulation du paiement du ${original.paidOn.split('-').reverse().join('/')} : ${input.reason}`,
      cancelsId: original.id,
      createdBy: input.userId,
    })
    .returning();
  if (!row) throw new Error('cancellation not recorded');
  await chainPayment(tx, row, invoice.number ?? '');
  const paid = invoice.paidAmount - original.amount;
  await tx
    .update(billingDocuments)
    .set({
      paidAmount: paid,
      status: invoiceStatus(invoice.totalAmount, invoice.creditedAmount, paid),
      updatedAt: new Date(),
    })
    .where(eq(billingDocuments.id, invoice.id));
  return row.id;
}

/**
 * Gives money back to the customer on an invoice paid beyond what is due (an over-payment, or a credit note issued
 * after payment): a negative payment record, dated by its value date (the invoice's issue day to today), in cash
 * within the same ceiling as a cash payment, chained like any receipt; the invoice's paid amount goes down in the same
 * transaction, its row locked (two cashiers refunding at once queue, the second finds nothing left owed).
 */
export async function refundPayment(tx: Transaction, refund: NewPayment): Promise<PaymentRecorded> {
  if (refund.paidOn > parisToday()) throw invalid(PAYMENT_DATE_FUTURE);
  const [invoice] = await tx
    .select()
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.id, refund.invoiceId),
        inArray(billingDocuments.companyId, refund.companyIds),
        isReceivableType,
      ),
    )
    .for('update');
  if (!invoice?.issuedAt) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
  const owed = owedToCustomer(invoice);
  if (owed === 0) throw conflict(REFUND_NOTHING_OWED);
  if (refund.amount > owed) throw invalid(REFUND_EXCEEDS_OWED);
  const issueDay = parisDay(invoice.issuedAt);
  if (refund.paidOn < issueDay) throw invalid(paymentDateBeforeIssue(issueDay));
  const limit = cashLimitOf(invoice.customer, refund.nonResident ?? false);
  if (refund.method === 'cash' && refund.amount > limit) throw invalid(paymentCashLimit(limit));
  const [row] = await tx
    .insert(payments)
    .values({
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      amount: -refund.amount,
      method: refund.method,
      paidOn: refund.paidOn,
      comment: ['Remboursement au client', refund.comment].filter(Boolean).join(' : '),
      refund: true,
      createdBy: refund.userId,
    })
    .returning();
  if (!row) throw new Error('refund not recorded');
  await chainPayment(tx, row, invoice.number ?? '');
  const paid = invoice.paidAmount - refund.amount;
  const status = invoiceStatus(invoice.totalAmount, invoice.creditedAmount, paid);
  await tx
    .update(billingDocuments)
    .set({ paidAmount: paid, status, updatedAt: new Date() })
    .where(eq(billingDocuments.id, invoice.id));
  return { id: row.id, paidAmount: paid, status: status as PaymentRecorded['status'] };
}

/** The payment's update matched nothing: refused with the reason the cashier needs. */
async function refuseUnpayable(tx: Transaction, payment: NewPayment): Promise<never> {
  const [invoice] = await tx
    .select({ type: billingDocuments.type, status: billingDocuments.status })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, payment.invoiceId), inArray(billingDocuments.companyId, payment.companyIds)));
  if (!invoice) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
  if (
    !(RECEIVABLE_TYPES as readonly string[]).includes(invoice.type) ||
    !['issued', 'partial'].includes(invoice.status)
  ) {
    throw conflict(PAYMENT_INVOICE_NOT_PAYABLE);
  }
  throw conflict(PAYMENT_EXCEEDS_DUE);
}

const folderLabel = sql<string>`coalesce(${folders.number} || ' · ' || trim(${folders.firstName} || ' ' || ${folders.lastName}), ${billingDocuments.customer}->>'name')`;

const SORTS: Record<(typeof PAYMENT_COLUMNS)[number], SQL> = {
  name: folderLabel,
  amount: sql`${payments.amount}`,
  type: sql`${payments.method}`,
  invoice: sql`${billingDocuments.number}`,
  date: sql`${payments.paidOn}`,
  comment: sql`${payments.comment}`,
};

/**
 * A payment a later negative record cancels. The outer row is named by its table: in a query over `payments` alone
 * Drizzle writes its columns unqualified, and "id" would be the subquery's own.
 */
export const paymentCancelled = sql<boolean>`exists (select 1 from ${payments} later where later.cancels_id = ${payments}.id)`;

/**
 * What the payment list asks for over `companyIds`: its paging resolved, the WHERE of its search (folder, invoice
 * number, comment) and, apart, its tab (a method, column 2) and the WHERE with it. The list and its period export
 * read the same rows through it; both join the invoice and its folder.
 */
export function paymentListFilter(companyIds: number[], query: ListQuery) {
  const paging = resolvePaging(query, PAYMENT_COLUMNS, { sort: 'date', dir: 'desc' });
  const base: SQL[] = [inArray(payments.companyId, companyIds)];
  const search = matchesAllWords(paging.search, [
    sql`${folders.searchText}`,
    sql`${billingDocuments.searchText}`,
    sql`search_fold(${payments.comment})`,
  ]);
  if (search) base.push(search);
  const everything = and(...base) as SQL;
  const tab = (PAYMENT_METHODS as readonly string[]).includes(paging.filters.type ?? '')
    ? paging.filters.type
    : undefined;
  const shown = tab ? (and(everything, eq(payments.method, tab)) as SQL) : everything;
  return { paging, everything, tab, shown };
}

/** `/api/paiement/list`: the payments of the user's companies; tabs by method (column 2), date desc by default. */
export async function listPayments(db: Database, companyIds: number[], query: PagingQuery) {
  const { paging, everything, tab, shown } = paymentListFilter(companyIds, query);
  const direction = paging.dir === 'asc' ? sql`asc` : sql`desc`;
  const [rows, perMethod] = await Promise.all([
    db
      .select({
        id: payments.id,
        name: folderLabel,
        folderId: billingDocuments.folderId,
        amount: payments.amount,
        type: payments.method,
        invoice: billingDocuments.number,
        invoiceId: payments.invoiceId,
        openingBalance: sql<boolean>`${billingDocuments.type} = ${OPENING_BALANCE_TYPE}`,
        date: payments.paidOn,
        comment: payments.comment,
        cancelsId: payments.cancelsId,
        cancelled: paymentCancelled,
        refund: payments.refund,
        moved: payments.moved,
        deposit: billingDocuments.deposit,
      })
      .from(payments)
      .innerJoin(billingDocuments, eq(billingDocuments.id, payments.invoiceId))
      .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
      .where(shown)
      .orderBy(sql`${SORTS[paging.sort ?? 'date']} ${direction} nulls last`, sql`${payments.id} ${direction}`)
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ method: payments.method, total: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(billingDocuments, eq(billingDocuments.id, payments.invoiceId))
      .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
      .where(everything)
      .groupBy(payments.method),
  ]);
  const statusCounts: Record<string, number> = { all: 0, card: 0, cheque: 0, transfer: 0, cash: 0 };
  for (const row of perMethod) {
    statusCounts[row.method] = row.total;
    statusCounts.all = (statusCounts.all ?? 0) + row.total;
  }
  const data: PaymentRow[] = rows.map((row) => ({ ...row, type: row.type as PaymentMethod }));
  return { data, totalRecords: tab ? (statusCounts[tab] ?? 0) : (statusCounts.all ?? 0), statusCounts };
}

/** A payment recorded in a transaction of its own: the counter's call (the demo records several in one). */
export const savePayment = (db: Database, payment: NewPayment) => db.transaction((tx) => recordPayment(tx, payment));
export const saveRefund = (db: Database, refund: NewPayment) => db.transaction((tx) => refundPayment(tx, refund));

/** A payment cancelled in a transaction of its own. */
export const saveCancellation = (db: Database, input: Parameters<typeof cancelPayment>[1]) =>
  db.transaction((tx) => cancelPayment(tx, input));
