import {
  CREDIT_NOTE_FROM_INVOICE_ONLY,
  CREDIT_NOTE_FULLY_CREDITED,
  DEPOSIT_NOT_WITH_DEDUCTIBLE,
  DOCUMENT_ALREADY_INVOICED,
  DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE,
  DOCUMENT_DEDUCTIBLE_NEEDS_INSURER,
  DOCUMENT_MAILED_KEPT,
  DOCUMENT_NOT_A_QUOTE,
  DOCUMENT_RECEIVE_NEEDS_ISSUED_ORDER,
  DOCUMENT_TYPES,
  type DocumentType,
  type documentBodySchema,
  documentIssuedReadOnly,
  PRODUCT_NOT_FOUND,
} from 'contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../../db';
import { billingDocuments, companies, outbox, products } from '../../../db/schema';
import { conflict, invalid } from '../../../lib/domain-error';
import { visible } from '../../products/repository';
import { checkCreditLines, invoiceRates, lockSourceInvoice } from './credit-notes';
import { splitInsurerDraft } from './deductible-pairs';
import { checkDepositLines, depositDeductions } from './deposits';
import { issueLocked } from './document-issue';
import { type LineValues, linesOf } from './document-lines';
import { folderOf, folderParty, partiesOf } from './document-parties';
import { copiedHeader, insertDocument, lockDocument, type Row, replaceLines } from './document-rows';
import { moveStock } from './document-stock';

/*
 * Commercial documents. Every function is limited to `companyIds`, the caller's companies: a document
 * outside them is "not found". Amounts always come from `documentTotals`, never from the client. Expected
 * refusals are thrown as French HTTP errors, inside the transaction when there is one, so nothing half-done stays.
 */

type Body = z.output<typeof documentBodySchema>;

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
      deductsDepositId: line.deductsDepositId,
    }));

/**
 * What the routes check before acting: the document's garage and type, or undefined outside the scope. An opening
 * balance imported from the former software is no document of these pages (no lines, no PDF): not found here.
 */
export async function documentHeader(db: Database, companyIds: number[], id: number) {
  const [row] = await db
    .select({ id: billingDocuments.id, companyId: billingDocuments.companyId, type: billingDocuments.type })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.id, id),
        inArray(billingDocuments.companyId, companyIds),
        inArray(billingDocuments.type, [...DOCUMENT_TYPES]),
      ),
    );
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
    await checkDepositLines(tx, companyId, lines);
    const id = await insertDocument(tx, { companyId, type, ...bodyHeader(body), ...parties, createdBy: userId }, lines);
    // An insurer invoice on a folder whose policy has a deductible bills that part to the insured, on its own invoice.
    if (type === 'invoice' && parties.billTo === 'insurer') {
      await splitInsurerDraft(tx, await lockDocument(tx, [companyId], id), userId);
    }
    return id;
  });
}

/** Saves a draft: every field and line replaced, totals recomputed. An issued document is read-only. */
export async function updateDocument(db: Database, companyIds: number[], id: number, body: Body) {
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, companyIds, id);
    if (current.status !== 'draft') throw conflict(documentIssuedReadOnly(current.type));
    const lines = bodyLines(body.lines);
    await checkProducts(tx, current.companyId, lines);
    await checkDepositLines(tx, current.companyId, lines);
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
    await replaceLines(tx, current, lines, header);
  });
}

/**
 * Deletes a draft (not a quote sent by e-mail). Deleting the last invoice made from a quote gives the quote back its
 * "sent" status.
 */
export async function deleteDocument(db: Database, companyIds: number[], id: number) {
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, companyIds, id);
    if (current.status !== 'draft') throw conflict(documentIssuedReadOnly(current.type));
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
            // Its deposit invoices stay: the quote is invoiced again only by a final invoice.
            sql`not exists (select 1 from ${billingDocuments} d where d.source_id = ${current.sourceId} and not d.deposit)`,
          ),
        );
    }
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

/**
 * Turns a quote into invoice drafts (a draft quote is issued first: an invoiced quote keeps its number) and marks
 * it invoiced. Without a deductible: one invoice with the quote's lines. With one (TTC cents), on a folder with
 * an insurer: the insurer's invoice split by it (deductible-pairs.ts). Answers the ids (customer's first).
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
    // The sale date is the invoice's own (the quote's was its issue day): left empty, issuing sets it.
    const header = { ...copiedHeader(quote, 'invoice', userId), saleDate: null };
    // The deposits already billed on the quote are taken off the final invoice, which then goes to the customer whole.
    const deductions = await depositDeductions(tx, quote, quote.taxInclusive);
    if (deductions.length > 0 && deductible) throw conflict(DEPOSIT_NOT_WITH_DEDUCTIBLE);
    const lines = [...(await linesOf(tx, quote.id)), ...deductions];
    const ids: number[] = [];
    if (!deductible) ids.push(await insertDocument(tx, header, lines));
    else {
      const folder = quote.folderId === null ? undefined : await folderOf(tx, quote.companyId, quote.folderId);
      const insurer = folder && folderParty(folder, 'insurer');
      if (!insurer) throw invalid(DOCUMENT_DEDUCTIBLE_NEEDS_INSURER);
      const insurerId = await insertDocument(tx, { ...header, billTo: 'insurer', customer: insurer }, lines);
      const draft = await lockDocument(tx, [quote.companyId], insurerId);
      const customerId = await splitInsurerDraft(tx, draft, userId, deductible);
      ids.push(...(customerId === null ? [] : [customerId]), insurerId);
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
