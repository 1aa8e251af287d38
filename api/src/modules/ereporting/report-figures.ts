import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, payments } from '../../db/schema';
import { PARIS_ZONE } from '../../lib/paris-time';
import { type DocumentSale, isPrivateSale, issueDay, privateSaleOf, privateSales } from './b2c-documents';
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
    .where(privateSaleOf(companyId, sql`${issueDay} between ${period.start} and ${period.end}`));
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

/** An invoice's services per rate (tax included, and their VAT) and what it totals, with the credit notes given. */
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

/** The share of `amount` due once `paid` of `owed` is paid (nothing owed: nothing due), rounded to the cent. */
const dueAt = (amount: number, owed: number, paid: number) =>
  owed <= 0 ? 0 : Math.round((amount * Math.min(Math.max(paid, 0), owed)) / owed);

interface RecordedPayment {
  id: number;
  invoiceId: number;
  amount: number;
  day: string;
  recordedAt: Date;
}

/**
 * Each payment of one invoice, in the order it was recorded, with the services' share (per rate, tax included, and
 * its VAT) it made due: what is due after it, with the credit notes issued before it, less what the invoice's earlier
 * payments made due. The shares of an invoice add up exactly to its services once paid, whatever came in between (a
 * credit note after a payment, a refund); a refund after the invoice was wholly credited takes back what was reported.
 */
export function paymentShares(history: RecordedPayment[], documents: (DocumentSale & { issuedAt: Date | null })[]) {
  const reported = new Map<number, { total: number; tax: number }>();
  let paid = 0;
  return history.map((payment) => {
    paid += payment.amount;
    const known = documents.filter((document) => !document.issuedAt || document.issuedAt <= payment.recordedAt);
    const { owed, perRate } = servicesOf(known);
    const rates = new Set([...perRate.keys(), ...reported.keys()]);
    const shares = [...rates].map((rate) => {
      const services = perRate.get(rate) ?? { total: 0, tax: 0 };
      const before = reported.get(rate) ?? { total: 0, tax: 0 };
      const due = { total: dueAt(services.total, owed, paid), tax: dueAt(services.tax, owed, paid) };
      reported.set(rate, due);
      return { rate, amount: due.total - before.total, tax: due.tax - before.tax };
    });
    return { payment, shares };
  });
}

/** The Paris day a row was recorded. */
const recordedDay = sql<string>`to_char(${payments.createdAt} at time zone ${PARIS_ZONE}, 'YYYY-MM-DD')`;

/**
 * Flux 10.4: the payments recorded in the period on private customers' invoices, for the services' share (their VAT
 * falls due on receipt), per day and rate. A payment counts on the day it was recorded: one entered late for an
 * earlier day is reported in the period it was entered in, never lost in a period already sent.
 */
export async function paymentFigures(db: Database, companyId: number, period: Period): Promise<ReportFigures> {
  const inPeriod = await db
    .select({ id: payments.id, invoiceId: payments.invoiceId })
    .from(payments)
    .innerJoin(billingDocuments, eq(billingDocuments.id, payments.invoiceId))
    .where(
      and(
        eq(payments.companyId, companyId),
        // The former software's balances are no sale of the product's: their VAT was its books' (decisions).
        eq(billingDocuments.type, 'invoice'),
        isPrivateSale,
        sql`${recordedDay} between ${period.start} and ${period.end}`,
      ),
    );
  const invoiceIds = [...new Set(inPeriod.map((payment) => payment.invoiceId))];
  const lines = new Map<string, ReportLine>();
  if (invoiceIds.length === 0) return figures(lines, 0, null);
  const related = await db
    .select({
      id: billingDocuments.id,
      sourceId: billingDocuments.sourceId,
      type: billingDocuments.type,
      issuedAt: billingDocuments.issuedAt,
    })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.companyId, companyId),
        or(
          inArray(billingDocuments.id, invoiceIds),
          and(eq(billingDocuments.type, 'credit-note'), inArray(billingDocuments.sourceId, invoiceIds)),
        ),
      ),
    );
  const sales = await privateSales(db, companyId, { ids: related.map((document) => document.id) });
  const history = await db
    .select({
      id: payments.id,
      invoiceId: payments.invoiceId,
      amount: payments.amount,
      day: recordedDay,
      recordedAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), inArray(payments.invoiceId, invoiceIds)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const reportedIds = new Set(inPeriod.map((payment) => payment.id));
  for (const invoiceId of invoiceIds) {
    const documents = related
      .filter((document) => (document.type === 'invoice' ? document.id : document.sourceId) === invoiceId)
      .flatMap((document) => {
        const sale = sales.find((each) => each.id === document.id);
        return sale ? [{ ...sale, issuedAt: document.issuedAt }] : [];
      });
    const shares = paymentShares(
      history.filter((payment) => payment.invoiceId === invoiceId),
      documents,
    );
    for (const { payment, shares: perRate } of shares) {
      if (!reportedIds.has(payment.id)) continue;
      for (const share of perRate)
        addLine(lines, { day: payment.day, category: 'TPS1', rate: share.rate, amount: share.amount, tax: share.tax });
    }
  }
  return figures(lines, inPeriod.length, null);
}
