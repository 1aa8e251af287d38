import {
  DEDUCTIBLE_ALREADY_BILLED,
  DEDUCTIBLE_COVERS_WORK,
  DEDUCTIBLE_INSURER_INVOICE_ONLY,
  DEDUCTIBLE_NONE_ON_FOLDER,
  DOCUMENT_DEDUCTIBLE_TOO_HIGH,
  deductibleForgotten,
  deductibleOf,
  documentIssuedReadOnly,
  INSURER_INVOICE_NEEDS_FOLDER,
} from 'contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { billingDocuments } from '../../../db/schema';
import { conflict, invalid } from '../../../lib/domain-error';
import { splitDeductible, splitExemptionReason } from './deductible-split';
import { linesOf } from './document-lines';
import { deductibleTermsOf, folderOf, folderParty } from './document-parties';
import { copiedHeader, insertDocument, lockDocument, type Row, replaceLines, splitPartnerWhere } from './document-rows';

/*
 * A deductible split: an insured's claim billed as two invoices, the insurer's (the work less the deductible) and
 * the insured's (the deductible), linked by the insurer invoice's `deductibleInvoiceId`. The folder's policy terms
 * give the deductible; the pair is issued together (document-issue.ts).
 */

/** The other invoice of `document`'s split, or undefined: read without a lock, to lock both in one order. */
async function splitPartnerId(tx: Transaction, document: Parameters<typeof splitPartnerWhere>[0]) {
  const where = splitPartnerWhere(document);
  if (!where) return undefined;
  const [partner] = await tx.select({ id: billingDocuments.id }).from(billingDocuments).where(where).limit(1);
  return partner?.id;
}

/**
 * A document and its split partner, both locked, the lower id first: two people issuing the two invoices of one
 * pair at once queue on the same row instead of locking each other out.
 */
export async function lockWithSplitPartner(tx: Transaction, companyIds: number[], id: number) {
  const [unlocked] = await tx
    .select({
      id: billingDocuments.id,
      type: billingDocuments.type,
      billTo: billingDocuments.billTo,
      companyId: billingDocuments.companyId,
      deductibleInvoiceId: billingDocuments.deductibleInvoiceId,
    })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, id), inArray(billingDocuments.companyId, companyIds)));
  const partnerId = unlocked && (await splitPartnerId(tx, unlocked));
  if (partnerId === undefined || partnerId > id) {
    const document = await lockDocument(tx, companyIds, id);
    return { document, partner: partnerId === undefined ? undefined : await lockDocument(tx, companyIds, partnerId) };
  }
  const partner = await lockDocument(tx, companyIds, partnerId);
  return { document: await lockDocument(tx, companyIds, id), partner };
}

/** What the insured is billed of a split: one line at the work's main rate, payable on receipt. */
async function insertDeductibleInvoice(
  tx: Transaction,
  source: Row,
  split: ReturnType<typeof splitDeductible>,
  userId: number,
) {
  const folder = source.folderId === null ? undefined : await folderOf(tx, source.companyId, source.folderId);
  const customer = folder && folderParty(folder, 'customer');
  if (!customer) throw conflict(INSURER_INVOICE_NEEDS_FOLDER);
  return insertDocument(
    tx,
    {
      ...copiedHeader(source, 'invoice', userId),
      billTo: 'customer',
      customer,
      taxInclusive: true,
      tax: split.rate,
      paymentTermDays: 0,
      buyerReference: '',
      exemptionReason: splitExemptionReason(split.customerLines, source.exemptionReason),
      sourceId: source.sourceId,
    },
    split.customerLines,
  );
}

/**
 * Splits an insurer invoice draft by a deductible (TTC cents; by default its folder's policy terms applied to the
 * draft's total): the insured's invoice is created for the deductible and the draft's lines take it off, so the two
 * add up to the work to the cent. Answers the insured's invoice id, or null when there is no deductible (or the
 * draft is already split, or is not an insurer invoice draft).
 */
export async function splitInsurerDraft(
  tx: Transaction,
  draft: Row,
  userId: number,
  typed?: number,
): Promise<number | null> {
  if (draft.type !== 'invoice' || draft.billTo !== 'insurer' || draft.status !== 'draft') return null;
  if (draft.deductibleInvoiceId !== null || draft.folderId === null) return null;
  const folder = await folderOf(tx, draft.companyId, draft.folderId);
  if (!folder) return null;
  const deductible = typed ?? deductibleOf(deductibleTermsOf(folder), draft.totalAmount);
  if (deductible === 0) return null;
  if (deductible > draft.totalAmount) throw invalid(DOCUMENT_DEDUCTIBLE_TOO_HIGH);
  if (deductible === draft.totalAmount) throw invalid(DEDUCTIBLE_COVERS_WORK);
  const split = splitDeductible(await linesOf(tx, draft.id), draft, deductible, folder.claimNumber);
  const customerId = await insertDeductibleInvoice(tx, draft, split, userId);
  await replaceLines(tx, draft, split.insurerLines, {
    deductibleInvoiceId: customerId,
    exemptionReason: splitExemptionReason(split.insurerLines, draft.exemptionReason),
  });
  return customerId;
}

/** « Facturer la franchise » on an insurer invoice draft: its split by the folder's deductible, or a 409 saying why not. */
export async function billDeductible(db: Database, companyIds: number[], id: number, userId: number) {
  return db.transaction(async (tx) => {
    const { document } = await lockWithSplitPartner(tx, companyIds, id);
    if (document.status !== 'draft') throw conflict(documentIssuedReadOnly(document.type));
    if (document.type !== 'invoice' || document.billTo !== 'insurer') throw conflict(DEDUCTIBLE_INSURER_INVOICE_ONLY);
    if (document.deductibleInvoiceId !== null) throw conflict(DEDUCTIBLE_ALREADY_BILLED);
    const customerId = await splitInsurerDraft(tx, document, userId);
    if (customerId === null) throw conflict(DEDUCTIBLE_NONE_ON_FOLDER);
    return customerId;
  });
}

/**
 * An insurer invoice issued alone while its folder's policy leaves a deductible to the insured would bill the insurer
 * for it: refused, with the amount and the way to bill it.
 */
export async function refuseForgottenDeductible(tx: Transaction, document: Row) {
  if (document.type !== 'invoice' || document.billTo !== 'insurer' || document.deductibleInvoiceId !== null) return;
  if (document.folderId === null) return;
  const folder = await folderOf(tx, document.companyId, document.folderId);
  const deductible = folder ? deductibleOf(deductibleTermsOf(folder), document.totalAmount) : 0;
  if (deductible > 0) throw conflict(deductibleForgotten(deductible));
}
