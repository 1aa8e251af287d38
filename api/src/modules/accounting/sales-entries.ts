import { parisDay, type VatByRate } from 'contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, folders } from '../../db/schema';
import { PARIS_ZONE } from '../../lib/paris-time';
import type { Chart } from './chart';
import { type Entry, entryLines, type Posting } from './entries';
import { buyerAccount } from './third-parties';
import { collectedVatKey, hasDebitOption, saleLinesOf, salesSplit } from './vat-on-receipts';

/*
 * The sales journal VT: one entry per invoice and credit note issued in the period (by its issue day in
 * France, as the period exports), units invoices aside (the platform's sales to the garage, not the garage's).
 * Debit the buyer (411 + auxiliary) with the total; credit sales, split labour (706) and goods (707), débours (467),
 * and VAT per rate: collected (44571x), or waiting for payment (44574) for the labour of a garage without the debit
 * option (vat-on-receipts.ts). Bases and VAT come from `documentTotals`, the amounts function the document was issued
 * with; a credit note's negative amounts land on the other sides.
 */

export interface SalesJournal {
  entries: Entry[];
  /** Per VAT rate, invoices minus credit notes, cents. */
  vat: VatByRate[];
}

const parisStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${PARIS_ZONE}`;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function salesJournal(
  db: Database,
  companyId: number,
  period: { from: string; to: string },
  chart: Chart,
): Promise<SalesJournal> {
  const documents = await db
    .select({
      id: billingDocuments.id,
      type: billingDocuments.type,
      number: billingDocuments.number,
      issuedAt: billingDocuments.issuedAt,
      billTo: billingDocuments.billTo,
      customer: billingDocuments.customer,
      operationCategory: billingDocuments.operationCategory,
      exemptionReason: billingDocuments.exemptionReason,
      deposit: billingDocuments.deposit,
      taxInclusive: billingDocuments.taxInclusive,
      folderNumber: folders.number,
    })
    .from(billingDocuments)
    .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
    .where(
      and(
        eq(billingDocuments.companyId, companyId),
        inArray(billingDocuments.type, ['invoice', 'credit-note']),
        ne(billingDocuments.status, 'draft'),
        sql`${billingDocuments.issuedAt} >= ${parisStart(period.from)}`,
        sql`${billingDocuments.issuedAt} < ${parisStart(dayAfter(period.to))}`,
      ),
    )
    .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id));

  const linesOf = await saleLinesOf(
    db,
    documents.map((document) => document.id),
  );

  const vatOnDebits = await hasDebitOption(db, companyId);
  const vat = new Map<number, VatByRate>();
  const entries = documents.map((document): Entry => {
    const split = salesSplit(document, linesOf.get(document.id) ?? [], vatOnDebits);
    for (const entry of split.vat) {
      const sum = vat.get(entry.rate) ?? { rate: entry.rate, base: 0, tax: 0 };
      vat.set(entry.rate, { rate: entry.rate, base: sum.base + entry.base, tax: sum.tax + entry.tax });
    }
    const buyer = buyerAccount(chart, document);
    const what = `${document.type === 'invoice' ? 'Facture' : 'Avoir'} ${document.number}`;
    const postings: Posting[] = [
      { account: buyer.account, aux: buyer.aux, amount: split.totals.totalAmount, side: 'debit' },
      ...split.sales.map((group): Posting => ({ account: chart[group.key], amount: group.base, side: 'credit' })),
      ...split.vat
        .filter((entry) => entry.due !== 0)
        .map(
          (entry): Posting => ({
            account: chart[collectedVatKey(entry.rate, what)],
            amount: entry.due,
            side: 'credit',
          }),
        ),
      ...split.vat
        .filter((entry) => entry.pending !== 0)
        .map((entry): Posting => ({ account: chart['vat-pending'], amount: entry.pending, side: 'credit' })),
    ];
    const issuedAt = document.issuedAt as Date;
    const day = parisDay(issuedAt);
    return {
      journal: 'VT',
      validatedAt: issuedAt,
      recordId: document.id,
      date: day,
      pieceRef: document.number ?? '',
      pieceDate: day,
      label: `${what} ${document.customer.name}`,
      lines: entryLines(postings, what),
    };
  });
  return { entries, vat: [...vat.values()].sort((a, b) => b.rate - a.rate) };
}
