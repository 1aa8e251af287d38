import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, payments } from '../../db/schema';
import { vatMadeDue } from '../accounting/vat-on-receipts';
import { type DocumentSale, isPrivateSale, issueDay, privateSales } from './b2c-documents';
import type { Period } from './periods';

/*
 * What a report says, before it is written as a file: its lines (per day, category and VAT rate), totals and the
 * number of documents or payments behind them. The transactions are also checked against the issued documents'
 * own totals, summed apart by the database: a report that would not match them is never sent.
 */

export interface ReportLine {
  day: string;
  category: string;
  rate: number;
  /** Cents: pre-tax base (transactions), received tax included (payments). */
  amount: number;
  tax: number;
}

export interface ReportFigures {
  lines: ReportLine[];
  amount: number;
  tax: number;
  count: number;
  /** Why the figures cannot be sent as they are (a difference with the documents), in French; null: they agree. */
  mismatch: string | null;
}

function addLine(lines: Map<string, ReportLine>, line: ReportLine) {
  const key = `${line.day}:${line.category}:${line.rate}`;
  const sum = lines.get(key) ?? { ...line, amount: 0, tax: 0 };
  sum.amount += line.amount;
  sum.tax += line.tax;
  lines.set(key, sum);
}

function figures(lines: Map<string, ReportLine>, count: number, mismatch: string | null): ReportFigures {
  const sorted = [...lines.values()]
    .filter((line) => line.amount !== 0 || line.tax !== 0)
    .sort((a, b) => a.day.localeCompare(b.day) || a.category.localeCompare(b.category) || b.rate - a.rate);
  return {
    lines: sorted,
    amount: sorted.reduce((sum, line) => sum + line.amount, 0),
    tax: sorted.reduce((sum, line) => sum + line.tax, 0),
    count,
    mismatch,
  };
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/** The issued documents' own totals over the period, summed by the database. */
async function documentTotals(db: Database, companyId: number, period: Period) {
  const [row] = await db
    .select({
      preTax: sql<number>`coalesce(sum(${billingDocuments.preTaxAmount}), 0)::int`,
      tax: sql<number>`coalesce(sum(${billingDocuments.taxAmount}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.companyId, companyId),
        inArray(billingDocuments.type, ['invoice', 'credit-note']),
        isNotNull(billingDocuments.number),
        isNotNull(billingDocuments.issuedAt),
        isPrivateSale,
        sql`${issueDay} between ${period.start} and ${period.end}`,
      ),
    );
  return row ?? { preTax: 0, tax: 0, count: 0 };
}

/** Flux 10.3: the sales to private customers of the period, per day, category and rate. */
export async function transactionFigures(db: Database, companyId: number, period: Period): Promise<ReportFigures> {
  const sales = await privateSales(db, companyId, { from: period.start, to: period.end });
  const lines = new Map<string, ReportLine>();
  for (const sale of sales)
    for (const part of sale.parts)
      addLine(lines, { day: sale.day, category: part.category, rate: part.rate, amount: part.base, tax: part.tax });
  const built = figures(lines, sales.length, null);
  return { ...built, mismatch: mismatchOf(await documentTotals(db, companyId, period), built) };
}

/** The difference between the documents' own totals and a report's, in French; null when they agree. */
export function mismatchOf(
  issued: { preTax: number; tax: number; count: number },
  built: ReportFigures,
): string | null {
  if (issued.preTax === built.amount && issued.tax === built.tax && issued.count === built.count) return null;
  return `Les factures et avoirs émis totalisent ${euros(issued.preTax)} HT et ${euros(issued.tax)} de TVA (${issued.count} documents), le rapport ${euros(built.amount)} HT et ${euros(built.tax)} de TVA (${built.count} documents)`;
}

/** What an invoice's payments make due, per rate: the services' share (tax included) and its VAT, once its credit notes are off. */
function servicesOf(documents: DocumentSale[]) {
  const owed = documents.reduce((sum, document) => sum + document.preTaxAmount + document.taxAmount, 0);
  const perRate = new Map<number, { total: number; tax: number }>();
  for (const document of documents)
    for (const part of document.parts.filter((each) => each.category === 'TPS1')) {
      const rate = perRate.get(part.rate) ?? { total: 0, tax: 0 };
      rate.total += part.base + part.tax;
      rate.tax += part.tax;
      perRate.set(part.rate, rate);
    }
  return { owed, perRate };
}

/**
 * Flux 10.4: the payments received in the period on private customers' invoices, for the services' share (their VAT
 * falls due on receipt), per day and rate. Each payment makes due its share of the running sum, as the books move
 * the waiting VAT (accounting/vat-on-receipts.ts): an invoice paid in several times reports exactly its services.
 */
export async function paymentFigures(db: Database, companyId: number, period: Period): Promise<ReportFigures> {
  const inPeriod = await db
    .select({ id: payments.id, invoiceId: payments.invoiceId })
    .from(payments)
    .innerJoin(billingDocuments, eq(billingDocuments.id, payments.invoiceId))
    .where(
      and(
        eq(payments.companyId, companyId),
        isPrivateSale,
        sql`${payments.paidOn} between ${period.start} and ${period.end}`,
      ),
    );
  const invoiceIds = [...new Set(inPeriod.map((payment) => payment.invoiceId))];
  const lines = new Map<string, ReportLine>();
  if (invoiceIds.length === 0) return figures(lines, 0, null);
  const related = await db
    .select({ id: billingDocuments.id, sourceId: billingDocuments.sourceId, type: billingDocuments.type })
    .from(billingDocuments)
    .where(
      or(
        inArray(billingDocuments.id, invoiceIds),
        and(eq(billingDocuments.type, 'credit-note'), inArray(billingDocuments.sourceId, invoiceIds)),
      ),
    );
  const sales = await privateSales(db, companyId, { ids: related.map((document) => document.id) });
  const invoiceOf = new Map(
    related.map((document) => [document.id, document.type === 'invoice' ? document.id : document.sourceId]),
  );
  const history = await db
    .select({ id: payments.id, invoiceId: payments.invoiceId, amount: payments.amount, paidOn: payments.paidOn })
    .from(payments)
    .where(inArray(payments.invoiceId, invoiceIds))
    .orderBy(asc(payments.paidOn), asc(payments.id));
  const reported = new Set(inPeriod.map((payment) => payment.id));
  const paid = new Map<number, number>();
  for (const payment of history) {
    const before = paid.get(payment.invoiceId) ?? 0;
    paid.set(payment.invoiceId, before + payment.amount);
    if (!reported.has(payment.id)) continue;
    const { owed, perRate } = servicesOf(sales.filter((sale) => invoiceOf.get(sale.id) === payment.invoiceId));
    if (owed <= 0) continue;
    for (const [rate, services] of perRate)
      addLine(lines, {
        day: payment.paidOn,
        category: 'TPS1',
        rate,
        amount: vatMadeDue(services.total, owed, before, before + payment.amount),
        tax: vatMadeDue(services.tax, owed, before, before + payment.amount),
      });
  }
  return figures(lines, inPeriod.length, null);
}
