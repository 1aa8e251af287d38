import { documentTotals, percentLabel, VAT_EXEMPTION_REASONS, vatAccountKey } from 'contracts';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocumentLines, billingDocuments, companies } from '../../db/schema';
import { amountOf } from '../billing/documents/document-lines';

/*
 * Where the sales of an invoice are booked, and when its VAT is due. A garage's labour is a service: without the
 * option for VAT on debits, its VAT is due when the customer pays (CGI art. 269-2-c), so the invoice books it on a
 * waiting account (44574) and each payment moves its share to collected VAT; parts are goods, their VAT is due at
 * invoicing. A 0 % line of a document that states the disbursement reason is a débours (CGI art. 267 II 2°): money
 * laid out in the customer's name, booked on a third-party account (467), never in sales.
 */

/** The collected-VAT account of a rate, or the document's error (a rate no account collects). */
export function collectedVatKey(rate: number, what: string) {
  const key = vatAccountKey(rate);
  if (!key) throw new Error(`${what} : aucun compte de TVA collectée à ${percentLabel(rate)}`);
  return key;
}

/** Whether the garage opted for VAT on debits: then its services' VAT is due at invoicing too. */
export async function hasDebitOption(db: Database, companyId: number) {
  const [row] = await db
    .select({ vatOnDebits: companies.vatOnDebits })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.vatOnDebits ?? false;
}

export type SalesKey = 'sales-labour' | 'sales-goods' | 'disbursements' | 'deposits';

/** The disbursement reason a 0 % line's document states (the first of the suggested exemption reasons). */
const DISBURSEMENT_REASON = VAT_EXEMPTION_REASONS[0];

/**
 * Labour, goods, a débours or a deposit: a deposit invoice and the final invoice's lines taking deposits off go to the
 * deposits received (4191); a document of services or goods says so; a mixed one by each line's unit (hours).
 */
export function salesKey(
  document: { operationCategory: string; exemptionReason: string; deposit?: boolean },
  line: { unit: string; taxRate: number; deductsDepositId?: number | null },
): SalesKey {
  if (document.deposit || line.deductsDepositId) return 'deposits';
  if (Number(line.taxRate) === 0 && document.exemptionReason === DISBURSEMENT_REASON) return 'disbursements';
  const category = document.operationCategory;
  return category === 'services' || (category !== 'goods' && line.unit === 'HUR') ? 'sales-labour' : 'sales-goods';
}

export interface SaleLine {
  deductsDepositId?: number | null;
  quantity: number;
  unitPrice: number;
  remise: number;
  taxRate: number;
  unit: string;
}

/**
 * A document's lines grouped by where they are booked and their rate, with the VAT each rate's services leave
 * waiting (0 with the debit option): the rate's VAT shared between labour and goods in proportion of their bases,
 * rounded once, so that the two parts add up to the rate's VAT.
 */
export function salesSplit(
  document: { operationCategory: string; exemptionReason: string; taxInclusive: boolean; deposit?: boolean },
  lines: SaleLine[],
  vatOnDebits: boolean,
) {
  const totals = documentTotals(lines.map(amountOf), document.taxInclusive);
  const sales = new Map<string, { key: SalesKey; rate: number; base: number }>();
  lines.forEach((line, index) => {
    const key = salesKey(document, line);
    const rate = Number(line.taxRate);
    const group = sales.get(`${key}:${rate}`) ?? { key, rate, base: 0 };
    group.base += totals.lineTotals[index] ?? 0;
    sales.set(`${key}:${rate}`, group);
  });
  const vat = totals.vatByRate.map((entry) => {
    const labour = sales.get(`sales-labour:${entry.rate}`)?.base ?? 0;
    const pending = vatOnDebits || entry.base === 0 ? 0 : Math.round((entry.tax * labour) / entry.base);
    return { rate: entry.rate, base: entry.base, tax: entry.tax, pending, due: entry.tax - pending };
  });
  return { totals, sales: [...sales.values()], vat };
}

/** Documents read per query: the lines of a year of sales in a few round trips, well under the parameter limit. */
const LINES_BATCH = 1_000;

/** The lines of these documents as `salesSplit` reads them, per document, in their order. */
export async function saleLinesOf(db: Database, documentIds: readonly number[]): Promise<Map<number, SaleLine[]>> {
  const linesOf = new Map<number, SaleLine[]>();
  for (let start = 0; start < documentIds.length; start += LINES_BATCH) {
    const rows = await db
      .select({
        documentId: billingDocumentLines.documentId,
        quantity: billingDocumentLines.quantity,
        unitPrice: billingDocumentLines.unitPrice,
        remise: billingDocumentLines.remise,
        taxRate: billingDocumentLines.taxRate,
        unit: billingDocumentLines.unit,
        deductsDepositId: billingDocumentLines.deductsDepositId,
      })
      .from(billingDocumentLines)
      .where(inArray(billingDocumentLines.documentId, documentIds.slice(start, start + LINES_BATCH)))
      .orderBy(asc(billingDocumentLines.documentId), asc(billingDocumentLines.position));
    for (const row of rows) {
      const group = linesOf.get(row.documentId);
      if (group) group.push(row);
      else linesOf.set(row.documentId, [row]);
    }
  }
  return linesOf;
}

/** An invoice's VAT waiting for its payments, per rate, and what its buyer owes once its credit notes are off. */
export interface WaitingVat {
  /** The invoice's total less its issued credit notes', TTC cents. */
  owed: number;
  pending: { rate: number; amount: number }[];
}

/**
 * The VAT still waiting on each invoice (its own, less its issued credit notes'), for the payments of a garage
 * without the debit option. Invoices with nothing waiting are left out.
 */
export async function waitingVatOf(db: Database, companyId: number, invoiceIds: number[]) {
  const waiting = new Map<number, WaitingVat>();
  if (invoiceIds.length === 0) return waiting;
  const documents = await db
    .select({
      id: billingDocuments.id,
      type: billingDocuments.type,
      sourceId: billingDocuments.sourceId,
      operationCategory: billingDocuments.operationCategory,
      exemptionReason: billingDocuments.exemptionReason,
      taxInclusive: billingDocuments.taxInclusive,
    })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.companyId, companyId),
        ne(billingDocuments.status, 'draft'),
        or(
          and(eq(billingDocuments.type, 'invoice'), inArray(billingDocuments.id, invoiceIds)),
          and(eq(billingDocuments.type, 'credit-note'), inArray(billingDocuments.sourceId, invoiceIds)),
        ),
      ),
    );
  const lines = await db
    .select({
      documentId: billingDocumentLines.documentId,
      quantity: billingDocumentLines.quantity,
      unitPrice: billingDocumentLines.unitPrice,
      remise: billingDocumentLines.remise,
      taxRate: billingDocumentLines.taxRate,
      unit: billingDocumentLines.unit,
    })
    .from(billingDocumentLines)
    .where(
      inArray(
        billingDocumentLines.documentId,
        documents.map((document) => document.id),
      ),
    )
    .orderBy(asc(billingDocumentLines.documentId), asc(billingDocumentLines.position));
  for (const document of documents) {
    const split = salesSplit(
      document,
      lines.filter((line) => line.documentId === document.id),
      false,
    );
    const invoiceId = document.type === 'invoice' ? document.id : (document.sourceId as number);
    const sum = waiting.get(invoiceId) ?? { owed: 0, pending: [] };
    sum.owed += split.totals.totalAmount;
    for (const entry of split.vat) {
      const rate = sum.pending.find((each) => each.rate === entry.rate);
      if (rate) rate.amount += entry.pending;
      else sum.pending.push({ rate: entry.rate, amount: entry.pending });
    }
    waiting.set(invoiceId, sum);
  }
  for (const [id, sum] of waiting) {
    if (sum.owed <= 0 || sum.pending.every((entry) => entry.amount === 0)) waiting.delete(id);
  }
  return waiting;
}

/**
 * The waiting VAT a payment makes due: what the invoice's payments up to and including it have paid, in proportion,
 * less what those before it had. Rounded on the running sums, so an invoice paid in full moves exactly its waiting
 * VAT, whatever the number of payments; a cancellation or a refund (negative) moves it back.
 */
export function vatMadeDue(pending: number, owed: number, paidBefore: number, paidAfter: number) {
  const dueAt = (paid: number) => Math.round((pending * Math.min(Math.max(paid, 0), owed)) / owed);
  return dueAt(paidAfter) - dueAt(paidBefore);
}
