import { type AccountKey, type JournalCode, PAYMENT_METHOD_LABELS, type PaymentMethod } from 'contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, folders, payments } from '../../db/schema';
import type { Chart } from './chart';
import { type Entry, entryLines, type Posting } from './entries';
import { buyerAccount } from './third-parties';
import { collectedVatKey, hasDebitOption, vatMadeDue, type WaitingVat, waitingVatOf } from './vat-on-receipts';

/*
 * The receipts journals: BQ for what reaches the bank (card and transfer on 512, cheques on 5112 until
 * they are paid in), CA for cash (530). One entry per payment dated in the period: debit the money, credit the
 * invoice's buyer (411 + the invoice's auxiliary account); for a garage without the debit option, the share of the
 * invoice's waiting VAT on services it pays moves from 44574 to collected VAT (vat-on-receipts.ts). A cancellation or a refund (a negative payment, never an edit) is its
 * own entry on its own date, the other way round. Payments go only to issued invoices (never before their issue
 * day), so a receipt always settles an invoice: nothing is booked on 4191. What an insurer paid beyond its invoices
 * stays on its 411 (a credit balance) until moved onto another of its invoices.
 */

const TREASURY: Record<PaymentMethod, { journal: JournalCode; key: AccountKey }> = {
  card: { journal: 'BQ', key: 'bank' },
  transfer: { journal: 'BQ', key: 'bank' },
  cheque: { journal: 'BQ', key: 'cheques' },
  cash: { journal: 'CA', key: 'cash' },
};

export async function receiptEntries(
  db: Database,
  companyId: number,
  period: { from: string; to: string },
  chart: Chart,
  journals: readonly JournalCode[],
): Promise<Entry[]> {
  const methods = (Object.keys(TREASURY) as PaymentMethod[]).filter((method) =>
    journals.includes(TREASURY[method].journal),
  );
  if (methods.length === 0) return [];
  const rows = await receiptRows(db, companyId, period, methods);
  const waiting = (await hasDebitOption(db, companyId))
    ? new Map<number, WaitingVat>()
    : await waitingVatOf(db, companyId, [...new Set(rows.map((row) => row.invoiceId))]);
  return rows.flatMap((row) => receiptEntry(chart, row, waiting.get(row.invoiceId)));
}

/** The payments of `methods` dated in the period, each with what its invoice was paid once it was recorded. */
function receiptRows(db: Database, companyId: number, period: { from: string; to: string }, methods: PaymentMethod[]) {
  // Each payment's invoice paid so far, this payment included, over all its payments (not only the period's).
  const running = db
    .select({
      id: payments.id,
      paidAfter:
        sql<number>`(sum(${payments.amount}) over (partition by ${payments.invoiceId} order by ${payments.createdAt}, ${payments.id}))::int`.as(
          'paid_after',
        ),
    })
    .from(payments)
    .where(eq(payments.companyId, companyId))
    .as('running');
  return db
    .select({
      id: payments.id,
      invoiceId: payments.invoiceId,
      paidAfter: running.paidAfter,
      amount: payments.amount,
      method: payments.method,
      paidOn: payments.paidOn,
      createdAt: payments.createdAt,
      cancelsId: payments.cancelsId,
      refund: payments.refund,
      moved: payments.moved,
      invoiceNumber: billingDocuments.number,
      billTo: billingDocuments.billTo,
      customer: billingDocuments.customer,
      folderNumber: folders.number,
    })
    .from(payments)
    .innerJoin(billingDocuments, eq(billingDocuments.id, payments.invoiceId))
    .innerJoin(running, eq(running.id, payments.id))
    .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
    .where(
      and(
        eq(payments.companyId, companyId),
        inArray(payments.method, methods),
        sql`${payments.paidOn} >= ${period.from}::date`,
        sql`${payments.paidOn} <= ${period.to}::date`,
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

type ReceiptRow = Awaited<ReturnType<typeof receiptRows>>[number];

/** A payment's entry: the money against the buyer, and the VAT on receipts it makes due; none for a move with no VAT. */
function receiptEntry(chart: Chart, row: ReceiptRow, waiting: WaitingVat | undefined): Entry[] {
  const method = row.method as PaymentMethod;
  const treasury = TREASURY[method];
  const buyer = buyerAccount(chart, row);
  const kind = row.moved
    ? 'Imputation sur compte'
    : row.refund
      ? 'Remboursement'
      : row.cancelsId === null
        ? 'Règlement'
        : 'Annulation du règlement';
  const what = `${kind} n° ${row.cancelsId ?? row.id}`;
  const vatDue = vatDueOnPayment(chart, waiting, row, what);
  // Money moved between two invoices of one insurer stays on its account (411, same auxiliary): only the VAT on
  // receipts the invoice it now pays makes due is booked.
  const money: Posting[] = row.moved
    ? []
    : [
        { account: chart[treasury.key], amount: row.amount, side: 'debit' },
        { account: buyer.account, aux: buyer.aux, amount: row.amount, side: 'credit' },
      ];
  if (money.length + vatDue.length === 0) return [];
  const entry: Entry = {
    journal: treasury.journal,
    validatedAt: row.createdAt,
    recordId: row.id,
    date: row.paidOn,
    pieceRef: row.invoiceNumber ?? '',
    pieceDate: row.paidOn,
    label: `${what} ${PAYMENT_METHOD_LABELS[method].toLowerCase()} ${row.invoiceNumber} ${row.customer.name}`,
    lines: entryLines([...money, ...vatDue], what),
  };
  return [entry];
}

/** The waiting VAT a payment makes due, per rate: debit 44574, credit the rate's collected VAT. */
function vatDueOnPayment(
  chart: Chart,
  waiting: WaitingVat | undefined,
  payment: { amount: number; paidAfter: number },
  what: string,
): Posting[] {
  if (!waiting) return [];
  return waiting.pending.flatMap(({ rate, amount }) => {
    const due = vatMadeDue(amount, waiting.owed, payment.paidAfter - payment.amount, payment.paidAfter);
    if (due === 0) return [];
    return [
      { account: chart['vat-pending'], amount: due, side: 'debit' },
      { account: chart[collectedVatKey(rate, what)], amount: due, side: 'credit' },
    ];
  });
}
