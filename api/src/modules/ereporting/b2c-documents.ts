import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments } from '../../db/schema';
import { PARIS_ZONE } from '../../lib/paris-time';
import { shareOut } from '../../lib/share-out';
import { saleLinesOf, salesSplit } from '../accounting/vat-on-receipts';

/*
 * The sales e-reporting covers: invoices and credit notes issued to a private customer (not an insurer, not a
 * business: those leave as e-invoices), each with its lines split the way the books split them (labour, parts,
 * débours, deposits) and its VAT per rate. The transactions report totals them; the payments report reads the
 * services' share of an invoice from them.
 */

/** A private customer's document: billed to the customer, who is no business. */
export const isPrivateSale = sql`(${billingDocuments.billTo} = 'customer' and coalesce((${billingDocuments.customer}->>'isBusiness')::boolean, false) = false)`;

/** An invoice or credit note of the garage issued to a private customer, among `which` (a range or ids). */
export const privateSaleOf = (companyId: number, which: SQL) =>
  and(
    eq(billingDocuments.companyId, companyId),
    inArray(billingDocuments.type, ['invoice', 'credit-note']),
    isNotNull(billingDocuments.number),
    isNotNull(billingDocuments.issuedAt),
    isPrivateSale,
    which,
  );

/** The day a document was issued, in France. */
export const issueDay = sql<string>`to_char(${billingDocuments.issuedAt} at time zone ${PARIS_ZONE}, 'YYYY-MM-DD')`;

export type SaleCategory = 'TLB1' | 'TPS1' | 'TNT1';

export interface DocumentSale {
  id: number;
  day: string;
  preTaxAmount: number;
  taxAmount: number;
  /** Base and VAT per category and rate, adding up to the document's totals to the cent. */
  parts: { category: SaleCategory; rate: number; base: number; tax: number }[];
}

const documentColumns = {
  id: billingDocuments.id,
  day: issueDay,
  operationCategory: billingDocuments.operationCategory,
  exemptionReason: billingDocuments.exemptionReason,
  taxInclusive: billingDocuments.taxInclusive,
  deposit: billingDocuments.deposit,
  preTaxAmount: billingDocuments.preTaxAmount,
  taxAmount: billingDocuments.taxAmount,
};

/**
 * Labour is a service, parts are goods, a débours is outside VAT; a deposit (and the final invoice's line taking it
 * off) is a service only on a document of services alone: on a mixed one, as the books, its VAT is due when invoiced.
 */
function categoryOf(key: string, operationCategory: string): SaleCategory {
  if (key === 'sales-labour') return 'TPS1';
  if (key === 'disbursements') return 'TNT1';
  if (key === 'deposits') return operationCategory === 'services' ? 'TPS1' : 'TLB1';
  return 'TLB1';
}

/** Each rate's VAT shared over its categories in proportion to their bases, the cents adding up. */
function partsOf(split: ReturnType<typeof salesSplit>, operationCategory: string) {
  const parts = new Map<string, { category: SaleCategory; rate: number; base: number; tax: number }>();
  for (const group of split.sales) {
    const category = categoryOf(group.key, operationCategory);
    const part = parts.get(`${category}:${group.rate}`) ?? { category, rate: group.rate, base: 0, tax: 0 };
    part.base += group.base;
    parts.set(`${category}:${group.rate}`, part);
  }
  for (const vat of split.vat) {
    const ofRate = [...parts.values()].filter((part) => part.rate === vat.rate);
    shareOut(
      vat.tax,
      ofRate.map((part) => part.base),
    ).forEach((tax, index) => {
      const part = ofRate[index];
      if (part) part.tax = tax;
    });
  }
  return [...parts.values()];
}

/** The documents a garage issued to private customers: those of `ids`, or those issued between two days. */
export async function privateSales(
  db: Database,
  companyId: number,
  which: { from: string; to: string } | { ids: number[] },
): Promise<DocumentSale[]> {
  const range =
    'ids' in which
      ? inArray(billingDocuments.id, which.ids.length > 0 ? which.ids : [0])
      : sql`${issueDay} between ${which.from} and ${which.to}`;
  const documents = await db
    .select(documentColumns)
    .from(billingDocuments)
    .where(privateSaleOf(companyId, range))
    .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id));
  const linesOf = await saleLinesOf(
    db,
    documents.map((document) => document.id),
  );
  return documents.map((document) => {
    const split = salesSplit(document, linesOf.get(document.id) ?? [], true);
    return {
      id: document.id,
      day: document.day,
      preTaxAmount: document.preTaxAmount,
      taxAmount: document.taxAmount,
      parts: partsOf(split, document.operationCategory),
    };
  });
}
