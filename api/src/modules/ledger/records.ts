import { asc, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { billingDocumentLines, billingDocuments, ledgerArchives, ledgerClosings, payments } from '../../db/schema';

/*
 * What each link of the chain records, read from the record's own rows: the same function writes it at issue or
 * payment and re-reads it for the integrity check, so any later change of a stored record shows as a difference.
 * Only what was issued or paid: the state that follows (status, paid and credited amounts) moves and is left out.
 */

type DocumentRow = typeof billingDocuments.$inferSelect;
type LineRow = typeof billingDocumentLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type ClosingRow = typeof ledgerClosings.$inferSelect;
type ArchiveRow = typeof ledgerArchives.$inferSelect;

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
    // Only on a deductible invoice issued with its insurer's: the records chained before keep their exact content.
    ...(document.insurerShare ? { insurerShare: document.insurerShare } : {}),
    ...(document.deposit ? { deposit: true } : {}),
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
        ...(line.deductsDepositId ? { deductsDepositId: line.deductsDepositId } : {}),
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
    // Only on refunds and moves: the records chained before they existed keep their exact content.
    ...(payment.refund ? { refund: true } : {}),
    ...(payment.moved ? { moved: true } : {}),
    createdBy: payment.createdBy,
    createdAt: payment.createdAt,
  };
}

export function closingRecord(closing: Omit<ClosingRow, 'seq' | 'hash' | 'closedAt'>) {
  return {
    id: closing.id,
    companyId: closing.companyId,
    kind: closing.kind,
    periodStart: closing.periodStart,
    periodEnd: closing.periodEnd,
    totals: closing.totals,
  };
}

/** An archive as chained: what identifies its file (its bytes are covered by their digest). */
export function archiveRecord(archive: Omit<ArchiveRow, 'content' | 'createdAt'>) {
  return {
    id: archive.id,
    companyId: archive.companyId,
    kind: archive.kind,
    periodStart: archive.periodStart,
    periodEnd: archive.periodEnd,
    fileName: archive.fileName,
    sha256: archive.sha256,
    manifestSha256: archive.manifestSha256,
    throughSeq: archive.throughSeq,
    createdBy: archive.createdBy,
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

async function closingRecords(db: Database | Transaction, ids: number[]) {
  const records = new Map<number, ReturnType<typeof closingRecord>>();
  if (ids.length === 0) return records;
  for (const row of await db.select().from(ledgerClosings).where(inArray(ledgerClosings.id, ids))) {
    records.set(row.id, closingRecord(row));
  }
  return records;
}

async function archiveRecords(db: Database | Transaction, ids: number[]) {
  const records = new Map<number, ReturnType<typeof archiveRecord>>();
  if (ids.length === 0) return records;
  const rows = await db
    .select({
      id: ledgerArchives.id,
      companyId: ledgerArchives.companyId,
      kind: ledgerArchives.kind,
      periodStart: ledgerArchives.periodStart,
      periodEnd: ledgerArchives.periodEnd,
      fileName: ledgerArchives.fileName,
      sha256: ledgerArchives.sha256,
      manifestSha256: ledgerArchives.manifestSha256,
      throughSeq: ledgerArchives.throughSeq,
      createdBy: ledgerArchives.createdBy,
    })
    .from(ledgerArchives)
    .where(inArray(ledgerArchives.id, ids));
  for (const row of rows) records.set(row.id, archiveRecord(row));
  return records;
}

/** Each kind of link and where its record is re-read from (documents share one table). */
const READERS: Record<string, (db: Database | Transaction, ids: number[]) => Promise<Map<number, unknown>>> = {
  invoice: documentRecords,
  'credit-note': documentRecords,
  payment: paymentRecords,
  closing: closingRecords,
  archive: archiveRecords,
};

/** The stored records of a batch of links, keyed `kind:recordId`. */
export async function storedRecords(db: Database | Transaction, links: { kind: string; recordId: number }[]) {
  const byReader = new Map<(typeof READERS)[string], number[]>();
  for (const link of links) {
    const reader = READERS[link.kind];
    if (!reader) continue;
    byReader.set(reader, [...(byReader.get(reader) ?? []), link.recordId]);
  }
  const found = new Map<string, unknown>();
  await Promise.all(
    [...byReader].map(async ([reader, ids]) => {
      const records = await reader(db, ids);
      for (const link of links) {
        if (READERS[link.kind] === reader && records.has(link.recordId)) {
          found.set(`${link.kind}:${link.recordId}`, records.get(link.recordId));
        }
      }
    }),
  );
  return found;
}
