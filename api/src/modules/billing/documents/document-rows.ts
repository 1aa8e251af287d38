import type { DocumentType } from 'contracts';
import { BILLING_DOCUMENT_NOT_FOUND } from 'contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../../db';
import { billingDocumentLines, billingDocuments } from '../../../db/schema';
import { notFound } from '../../../lib/domain-error';
import { type LineValues, priceLines } from './document-lines';

/* A document's rows as the repositories write them: a new draft with its lines, a row locked, a copy's header. */

export type Row = typeof billingDocuments.$inferSelect;
export type Header = Omit<typeof billingDocuments.$inferInsert, 'id' | 'preTaxAmount' | 'taxAmount' | 'totalAmount'>;

/**
 * Where the other invoice of `document`'s deductible split is (the insurer's invoice names the insured's in
 * `deductibleInvoiceId`), in its garage; undefined for a document that cannot have one.
 */
export function splitPartnerWhere(document: Pick<Row, 'id' | 'type' | 'billTo' | 'companyId' | 'deductibleInvoiceId'>) {
  if (document.type !== 'invoice' || document.billTo === 'supplier') return undefined;
  const link =
    document.billTo === 'insurer'
      ? eq(billingDocuments.id, document.deductibleInvoiceId ?? 0)
      : eq(billingDocuments.deductibleInvoiceId, document.id);
  return and(link, eq(billingDocuments.companyId, document.companyId));
}

/** Writes a new draft and its lines; answers its id. */
export async function insertDocument(tx: Transaction, header: Header, lines: LineValues[]) {
  const priced = priceLines(lines, header.taxInclusive ?? false);
  const [row] = await tx
    .insert(billingDocuments)
    .values({ ...header, ...priced.amounts })
    .returning({ id: billingDocuments.id });
  if (!row) throw new Error('document not inserted');
  if (priced.lines.length > 0) {
    await tx.insert(billingDocumentLines).values(priced.lines.map((line) => ({ ...line, documentId: row.id })));
  }
  return row.id;
}

/** A draft's lines replaced by `lines`, its totals recomputed in its VAT mode. */
export async function replaceLines(tx: Transaction, draft: Row, lines: LineValues[], header: Partial<Row> = {}) {
  const priced = priceLines(lines, header.taxInclusive ?? draft.taxInclusive);
  await tx
    .update(billingDocuments)
    .set({ ...header, ...priced.amounts, updatedAt: new Date() })
    .where(eq(billingDocuments.id, draft.id));
  await tx.delete(billingDocumentLines).where(eq(billingDocumentLines.documentId, draft.id));
  if (priced.lines.length > 0) {
    await tx.insert(billingDocumentLines).values(priced.lines.map((line) => ({ ...line, documentId: draft.id })));
  }
}

/** The document row, locked until the transaction ends (a double click queues, then sees it issued). */
export async function lockDocument(tx: Transaction, companyIds: number[], id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, id), inArray(billingDocuments.companyId, companyIds)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
  return row;
}

/** What a document made from another one keeps of it. */
export const copiedHeader = (source: Row, type: DocumentType, userId: number): Header => ({
  companyId: source.companyId,
  type,
  folderId: source.folderId,
  supplierId: source.supplierId,
  billTo: source.billTo,
  customer: source.customer,
  deliveryAddress: source.deliveryAddress,
  operationCategory: source.operationCategory,
  tax: source.tax,
  taxInclusive: source.taxInclusive,
  saleDate: source.saleDate,
  paymentTermDays: source.paymentTermDays,
  notes: source.notes,
  buyerReference: source.buyerReference,
  exemptionReason: source.exemptionReason,
  sourceId: source.id,
  createdBy: userId,
});
