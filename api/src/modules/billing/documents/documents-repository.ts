import {
  BILLING_DOCUMENT_NOT_FOUND,
  CREDIT_NOTE_FROM_INVOICE_ONLY,
  CREDIT_NOTE_FULLY_CREDITED,
  DOCUMENT_ALREADY_INVOICED,
  DOCUMENT_ALREADY_ISSUED,
  DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE,
  DOCUMENT_DEDUCTIBLE_NEEDS_INSURER,
  DOCUMENT_DEDUCTIBLE_TOO_HIGH,
  DOCUMENT_ISSUED_READ_ONLY,
  DOCUMENT_MAILED_KEPT,
  DOCUMENT_NEEDS_LINES,
  DOCUMENT_NOT_A_QUOTE,
  DOCUMENT_RECEIVE_NEEDS_ISSUED_ORDER,
  DOCUMENT_SERIES,
  type DocumentType,
  type documentBodySchema,
  INVOICE_NEGATIVE_TOTAL,
  INVOICE_SETTLE_ONLY_INVOICE,
  issueRefusal,
  type PaymentMethod,
  PRODUCT_NOT_FOUND,
  parisToday,
} from 'contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../../db';
import { billingDocumentLines, billingDocuments, companies, outbox, products } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../lib/domain-error';
import { chainIssuedDocument } from '../../ledger/chain';
import { visible } from '../../products/repository';
import { refuseWhatAPlatformWould } from '../einvoice/einvoice-service';
import { recordPayment } from '../payments/payments-repository';
import { applyCreditNote, checkCreditLines, invoiceRates, lockSourceInvoice } from './credit-notes';
import { splitDeductible, splitExemptionReason } from './deductible-split';
import { type LineValues, linesOf, priceLines } from './document-lines';
import { folderOf, folderParty, partiesOf } from './document-parties';
import { moveStock } from './document-stock';
import { sellerOf } from './documents-queries';
import { insurerMentionsAtIssue, recordCessionOverride } from './insurer-invoices';
import { addDays, documentNumber, nextNumber, parisDay } from './numbering';
import { folderVehicle, vehicleMentionsOf } from './vehicle-mentions';

/*
 * Commercial documents. Every function is limited to `companyIds`, the caller's companies: a document
 * outside them is "not found". Amounts always come from `documentTotals`, never from the client. Expected
 * refusals are thrown as French HTTP errors, inside the transaction when there is one, so nothing half-done stays.
 */

type Body = z.output<typeof documentBodySchema>;
type Row = typeof billingDocuments.$inferSelect;
type Header = Omit<typeof billingDocuments.$inferInsert, 'id' | 'preTaxAmount' | 'taxAmount' | 'totalAmount'>;

/** The body's lines in the order of their `position` (ties keep the order sent). */
const bodyLines = (lines: Body['lines']): LineValues[] =>
  lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.position - b.line.position || a.index - b.index)
    .map(({ line }) => ({
      title: line.title,
      productId: line.productId,
      details: line.details,
      quantity: line.quantity,
      unitPrice: line.preTaxAmount,
      remise: line.remise,
      taxRate: line.taxRate,
      addToStock: line.addToStock,
      unit: line.unit,
      partOrigin: line.partOrigin,
    }));

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

/** The document row, locked until the transaction ends (a double click queues, then sees it issued). */
async function lockDocument(tx: Transaction, companyIds: number[], id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, id), inArray(billingDocuments.companyId, companyIds)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
  return row;
}

/** What the routes check before acting: the document's garage and type, or undefined outside the scope. */
export async function documentHeader(db: Database, companyIds: number[], id: number) {
  const [row] = await db
    .select({ id: billingDocuments.id, companyId: billingDocuments.companyId, type: billingDocuments.type })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, id), inArray(billingDocuments.companyId, companyIds)));
  return row && { ...row, type: row.type as DocumentType };
}

/** Products on lines must be ones the garage may sell: its own or its franchise's shared catalogue. */
async function checkProducts(tx: Transaction, companyId: number, lines: LineValues[]) {
  const ids = [...new Set(lines.flatMap((line) => (line.productId === null ? [] : [line.productId])))];
  if (ids.length === 0) return;
  const [row] = await tx
    .select({ found: count() })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(inArray(products.id, ids), visible({ companyIds: [companyId] })));
  if ((row?.found ?? 0) !== ids.length) throw invalid(PRODUCT_NOT_FOUND);
}

const bodyHeader = (body: Body) => ({
  deliveryAddress: body.deliveryAddress,
  operationCategory: body.operationCategory,
  tax: body.tax,
  taxInclusive: body.taxInclusive,
  saleDate: body.saleDate,
  paymentTermDays: body.paymentTermDays,
  notes: body.notes,
  buyerReference: body.buyerReference,
  exemptionReason: body.exemptionReason,
  executionDelay: body.executionDelay,
  quoteFee: body.quoteFee,
});

/** A new draft of the selected garage; answers its id. */
export async function createDocument(
  db: Database,
  companyId: number,
  type: DocumentType,
  body: Body,
  userId: number,
): Promise<number> {
  // A credit note exists only as the correction of an issued invoice (creditNoteFrom), never on its own.
  if (type === 'credit-note') throw invalid(CREDIT_NOTE_FROM_INVOICE_ONLY);
  return db.transaction(async (tx) => {
    const lines = bodyLines(body.lines);
    const parties = await partiesOf(tx, companyId, type, body);
    await checkProducts(tx, companyId, lines);
    return insertDocument(tx, { companyId, type, ...bodyHeader(body), ...parties, createdBy: userId }, lines);
  });
}

/** Saves a draft: every field and line replaced, totals recomputed. An issued document is read-only. */
export async function updateDocument(db: Database, companyIds: number[], id: number, body: Body) {
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, companyIds, id);
    if (current.status !== 'draft') throw conflict(DOCUMENT_ISSUED_READ_ONLY);
    const lines = bodyLines(body.lines);
    await checkProducts(tx, current.companyId, lines);
    let header: Partial<Row>;
    if (current.type === 'credit-note') {
      // Buyer, seller, folder and VAT mode stay the invoice's; amounts only go down, at the invoice's rates.
      const invoice = await lockSourceInvoice(tx, current);
      checkCreditLines(lines, current.taxInclusive, await invoiceRates(tx, invoice));
      const { tax: _tax, taxInclusive: _mode, ...rest } = bodyHeader(body);
      header = rest;
    } else {
      header = { ...bodyHeader(body), ...(await partiesOf(tx, current.companyId, current.type as DocumentType, body)) };
    }
    const priced = priceLines(lines, header.taxInclusive ?? current.taxInclusive);
    await tx
      .update(billingDocuments)
      .set({ ...header, ...priced.amounts, updatedAt: new Date() })
      .where(eq(billingDocuments.id, id));
    await tx.delete(billingDocumentLines).where(eq(billingDocumentLines.documentId, id));
    if (priced.lines.length > 0) {
      await tx.insert(billingDocumentLines).values(priced.lines.map((line) => ({ ...line, documentId: id })));
    }
  });
}

/**
 * Deletes a draft (not a quote sent by e-mail). Deleting the last invoice made from a quote gives the quote back its
 * "sent" status.
 */
export async function deleteDocument(db: Database, companyIds: number[], id: number) {
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, companyIds, id);
    if (current.status !== 'draft') throw conflict(DOCUMENT_ISSUED_READ_ONLY);
    // A draft quote sent by e-mail is kept with its sendings (their foreign key restricts it too).
    const [mailed] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.documentId, id)).limit(1);
    if (mailed) throw conflict(DOCUMENT_MAILED_KEPT);
    await tx.delete(billingDocuments).where(eq(billingDocuments.id, id));
    if (current.type === 'invoice' && current.sourceId !== null) {
      await tx
        .update(billingDocuments)
        .set({ status: 'issued', updatedAt: new Date() })
        .where(
          and(
            eq(billingDocuments.id, current.sourceId),
            eq(billingDocuments.status, 'invoiced'),
            sql`not exists (select 1 from ${billingDocuments} d where d.source_id = ${current.sourceId})`,
          ),
        );
    }
  });
}

/**
 * Issues a locked draft: the next number of its series (taken in this transaction: gapless, in commit order),
 * issue date now, sale date defaulting to that day, due date after the payment term; an invoice's stock lines
 * leave the stock. Answers the number.
 */
async function issueLocked(tx: Transaction, document: Row, userId: number | null, options: IssueOptions = {}) {
  if (document.status !== 'draft') throw conflict(DOCUMENT_ALREADY_ISSUED);
  const lines = await linesOf(tx, document.id);
  if (lines.length === 0) throw invalid(DOCUMENT_NEEDS_LINES);
  const type = document.type as DocumentType;
  // Negative lines (a discount) are fine within a positive total; a negative invoice is a credit note in disguise.
  if (type === 'invoice' && document.totalAmount < 0) throw invalid(INVOICE_NEGATIVE_TOTAL);
  // Every mandatory mention, or a refusal naming what is missing (before the number: no gap, nothing changed).
  const refusal = issueRefusal(type, await sellerOf(tx, document.companyId), document.customer, {
    lineRates: lines.map((line) => line.taxRate),
    exemptionReason: document.exemptionReason,
  });
  if (refusal) throw conflict(refusal);
  const folder =
    document.folderId === null ? undefined : await folderVehicle(tx, document.companyId, document.folderId);
  // Checked before the number is taken: a refused credit note leaves no gap (the transaction rolls back anyway).
  if (type === 'credit-note') await applyCreditNote(tx, document, lines);
  const insurerMentions =
    type === 'invoice' && document.billTo === 'insurer'
      ? await insurerMentionsAtIssue(tx, document, options.cessionOverride)
      : null;
  const sequence = await nextNumber(tx, document.companyId, DOCUMENT_SERIES[type]);
  // Read once the sequence is ours: issue times then follow the numbers (chronological numbering).
  const at = new Date();
  const number = documentNumber(type, at, sequence);
  if (type === 'invoice') await moveStock(tx, document, lines, 'invoice', number, userId);
  const day = parisDay(at);
  // The work's day when the folder has one (and it is not still to come), else the issue day.
  const interventionDay = folder?.appointmentAt ? parisDay(folder.appointmentAt) : null;
  await tx
    .update(billingDocuments)
    .set({
      status: 'issued',
      number,
      issuedAt: at,
      saleDate: document.saleDate ?? (interventionDay && interventionDay <= day ? interventionDay : day),
      dueDate: addDays(day, document.paymentTermDays),
      insurerMentions,
      vehicleMentions: folder ? vehicleMentionsOf(folder) : null,
      // An insurer's reference is its claim number unless the garage typed another one.
      buyerReference: document.buyerReference || (document.billTo === 'insurer' ? (folder?.claimNumber ?? '') : ''),
      updatedAt: at,
    })
    .where(eq(billingDocuments.id, document.id));
  if (insurerMentions?.cessionOverride) {
    await recordCessionOverride(tx, document, number, insurerMentions.cessionOverride, userId);
  }
  // What a platform would refuse rolls the whole issue back (no number taken).
  await refuseWhatAPlatformWould(tx, { companyId: document.companyId, id: document.id, type });
  // An invoice or a credit note is a link of the garage's inalterable chain, written with it.
  await chainIssuedDocument(tx, document.id);
  return number;
}

/**
 * What the issue call may add: the reason to issue an insurer invoice without a signed cession; the means by which an
 * invoice is paid in full as it is issued (the counter).
 */
interface IssueOptions {
  cessionOverride?: string;
  settle?: { method: PaymentMethod };
}

/**
 * Issues a draft; `settle`: in the same transaction, records its payment in full (today, by that means, under the
 * payment rules: cash ceiling…) and marks it receipted. A refused payment leaves the draft as it was.
 */
export async function issueDocument(
  db: Database,
  companyIds: number[],
  id: number,
  userId: number,
  options: IssueOptions = {},
) {
  return db.transaction(async (tx) => {
    const document = await lockDocument(tx, companyIds, id);
    if (options.settle && document.type !== 'invoice') throw invalid(INVOICE_SETTLE_ONLY_INVOICE);
    const number = await issueLocked(tx, document, userId, options);
    if (options.settle) {
      await recordPayment(tx, {
        companyIds,
        invoiceId: id,
        amount: document.totalAmount,
        method: options.settle.method,
        paidOn: parisToday(),
        comment: 'Acquittée à l’émission',
        userId,
      });
      await tx.update(billingDocuments).set({ paidAtIssue: options.settle.method }).where(eq(billingDocuments.id, id));
    }
    return number;
  });
}

/** A sent purchase order is received: its stock lines enter the stock, in the same transaction. */
export async function receiveOrder(db: Database, companyIds: number[], id: number, userId: number) {
  await db.transaction(async (tx) => {
    const order = await lockDocument(tx, companyIds, id);
    if (order.type !== 'purchase-order' || order.status !== 'issued') {
      throw conflict(DOCUMENT_RECEIVE_NEEDS_ISSUED_ORDER);
    }
    await moveStock(tx, order, await linesOf(tx, id), 'reception', order.number ?? '', userId);
    await tx
      .update(billingDocuments)
      .set({ status: 'received', updatedAt: new Date() })
      .where(eq(billingDocuments.id, id));
  });
}

/** What a document made from another one keeps of it. */
const copiedHeader = (source: Row, type: DocumentType, userId: number): Header => ({
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

/**
 * Turns a quote into invoice drafts (a draft quote is issued first: an invoiced quote keeps its number) and marks
 * it invoiced. Without a deductible: one invoice with the quote's lines. With one (TTC cents), on a folder with
 * an insurer: the customer's invoice, one line of exactly the deductible TTC, and the insurer's, the quote's
 * lines less the deductible, totalling exactly the quote's total minus the customer's. Answers the ids
 * (customer's first).
 */
export async function invoiceFromQuote(
  db: Database,
  companyIds: number[],
  id: number,
  deductible: number | null,
  userId: number,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const quote = await lockDocument(tx, companyIds, id);
    if (quote.type !== 'quotation') throw invalid(DOCUMENT_NOT_A_QUOTE);
    if (quote.status === 'invoiced') throw conflict(DOCUMENT_ALREADY_INVOICED);
    if (quote.status === 'draft') await issueLocked(tx, quote, userId);
    const lines = await linesOf(tx, quote.id);
    // The sale date is the invoice's own (the quote's was its issue day): left empty, issuing sets it.
    const header = { ...copiedHeader(quote, 'invoice', userId), saleDate: null };
    const ids: number[] = [];
    if (!deductible) ids.push(await insertDocument(tx, header, lines));
    else {
      if (deductible > quote.totalAmount) throw invalid(DOCUMENT_DEDUCTIBLE_TOO_HIGH);
      const folder = quote.folderId === null ? undefined : await folderOf(tx, quote.companyId, quote.folderId);
      const insurer = folder && folderParty(folder, 'insurer');
      if (!folder || !insurer) throw invalid(DOCUMENT_DEDUCTIBLE_NEEDS_INSURER);
      const split = splitDeductible(lines, quote, deductible, folder.claimNumber);
      const customer =
        (quote.billTo === 'customer' ? quote.customer : folderParty(folder, 'customer')) ?? quote.customer;
      const reason = (splitLines: LineValues[]) => splitExemptionReason(splitLines, header.exemptionReason ?? '');
      ids.push(
        await insertDocument(
          tx,
          {
            ...header,
            billTo: 'customer',
            customer,
            taxInclusive: true,
            tax: split.rate,
            exemptionReason: reason(split.customerLines),
          },
          split.customerLines,
        ),
      );
      ids.push(
        await insertDocument(
          tx,
          { ...header, billTo: 'insurer', customer: insurer, exemptionReason: reason(split.insurerLines) },
          split.insurerLines,
        ),
      );
    }
    await tx
      .update(billingDocuments)
      .set({ status: 'invoiced', updatedAt: new Date() })
      .where(eq(billingDocuments.id, quote.id));
    return ids;
  });
}

/**
 * A credit-note draft correcting an issued invoice, for `reason`: its buyer, seller, folder and VAT mode, and its
 * lines with quantities negated (the user lowers them for a partial credit). Issuing checks what is left to credit.
 */
export async function creditNoteFrom(db: Database, companyIds: number[], id: number, reason: string, userId: number) {
  return db.transaction(async (tx) => {
    const invoice = await lockDocument(tx, companyIds, id);
    if (invoice.type === 'invoice' && invoice.status === 'credited') throw conflict(CREDIT_NOTE_FULLY_CREDITED);
    if (invoice.type !== 'invoice' || invoice.status === 'draft') {
      throw invalid(DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE);
    }
    const lines = (await linesOf(tx, id)).map((line) => ({ ...line, quantity: -line.quantity, addToStock: false }));
    return insertDocument(tx, { ...copiedHeader(invoice, 'credit-note', userId), creditReason: reason }, lines);
  });
}
