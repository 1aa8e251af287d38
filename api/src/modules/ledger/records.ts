import { asc, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { billingDocumentLines, billingDocuments, payments } from '../../db/schema';

/*
 * What each link of the chain records, read from the record's own rows: the same function writes it at issue or
 * payment and re-reads it for the integrity check, so any later change of a stored record shows as a difference.
 * Only what was issued or paid: the state that follows (status, paid and credited amounts) moves and is left out.
 */

type DocumentRow = typeof billingDocuments.$inferSelect;
type LineRow = typeof billingDocumentLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export function documentRecord(document: DocumentRow, lines: LineRow[]) {
  return {
    id: document.id,
    companyId: document.companyId,
    type: document.type,
    number: document.number,
    issuedAt: document.issuedAt,
    saleDate: document.saleDate,
    dueDate: document.dueDate,
    paymentTermDays: document.paymentTermDays,
    billTo: document.billTo,
    buyer: document.customer,
    deliveryAddress: document.deliveryAddress,
    operationCategory: document.operationCategory,
    taxInclusive: document.taxInclusive,
    notes: document.notes,
    buyerReference: document.buyerReference,
    exemptionReason: document.exemptionReason,
    vehicle: document.vehicleMentions,
    insurer: document.insurerMentions,
    creditReason: document.creditReason,
    sourceId: document.sourceId,
    folderId: document.folderId,
    preTaxAmount: document.preTaxAmount,
    taxAmount: document.taxAmount,
    totalAmount: document.totalAmount,
    lines: [...lines]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((line) => ({
        position: line.position,
        title: line.title,
        details: line.details,
        quantity: line.quantity,
        unit: line.unit,
        unitPrice: line.unitPrice,
        remise: line.remise,
        taxRate: line.taxRate,
        partOrigin: line.partOrigin,
        total: line.total,
      })),
  };
}

export function paymentRecord(payment: PaymentRow) {
  return {
    id: payment.id,
    companyId: payment.companyId,
    invoiceId: payment.invoiceId,
    amount: payment.amount,
    method: payment.method,
    paidOn: payment.paidOn,
    comment: payment.comment,
    cancelsId: payment.cancelsId,
    createdBy: payment.createdBy,
    createdAt: payment.createdAt,
  };
}

/** The records of documents `ids` as they are stored now (missing ones absent). */
export async function documentRecords(db: Database | Transaction, ids: number[]) {
  const records = new Map<number, ReturnType<typeof documentRecord>>();
  if (ids.length === 0) return records;
  const [rows, lines] = await Promise.all([
    db.select().from(billingDocuments).where(inArray(billingDocuments.id, ids)),
    db
      .select()
      .from(billingDocumentLines)
      .where(inArray(billingDocumentLines.documentId, ids))
      .orderBy(asc(billingDocumentLines.documentId)),
  ]);
  const byDocument = new Map<number, LineRow[]>();
  for (const line of lines) byDocument.set(line.documentId, [...(byDocument.get(line.documentId) ?? []), line]);
  for (const row of rows) records.set(row.id, documentRecord(row, byDocument.get(row.id) ?? []));
  return records;
}

/** The records of payments `ids` as they are stored now. */
export async function paymentRecords(db: Database | Transaction, ids: number[]) {
  const records = new Map<number, ReturnType<typeof paymentRecord>>();
  if (ids.length === 0) return records;
  for (const row of await db.select().from(payments).where(inArray(payments.id, ids))) {
    records.set(row.id, paymentRecord(row));
  }
  return records;
}
