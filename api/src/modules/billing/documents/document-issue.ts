import {
  DOCUMENT_ALREADY_ISSUED,
  DOCUMENT_NEEDS_LINES,
  DOCUMENT_SERIES,
  type DocumentType,
  INVOICE_NEGATIVE_TOTAL,
  INVOICE_SETTLE_ONLY_INVOICE,
  type InsurerMentions,
  type InsurerShare,
  issueRefusal,
  MENTIONS_MISSING_REFUSAL,
  missingBuyerFields,
  type PaymentMethod,
  parisToday,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { billingDocuments } from '../../../db/schema';
import { conflict, DomainError, invalid } from '../../../lib/domain-error';
import { chainIssuedDocument } from '../../ledger/chain';
import { refuseWhatAPlatformWould } from '../einvoice/einvoice-service';
import { recordPayment } from '../payments/payments-repository';
import { applyCreditNote } from './credit-notes';
import { lockWithSplitPartner, refuseForgottenDeductible } from './deductible-pairs';
import { claimDeposits } from './deposits';
import { linesOf } from './document-lines';
import type { Row } from './document-rows';
import { moveStock } from './document-stock';
import { sellerOf } from './documents-queries';
import { insurerMentionsAtIssue, recordCessionOverride } from './insurer-invoices';
import { addDays, documentNumber, nextNumber, parisDay } from './numbering';
import { folderVehicle, vehicleMentionsOf } from './vehicle-mentions';

/*
 * Issuing a draft: every check first (mentions, credit left, cession), then its number, its frozen mentions and its
 * link in the inalterable chain, all in the caller's transaction. The two invoices of a deductible split are issued
 * together, so each prints the other's number.
 */

/**
 * What the issue call may add: the reason to issue an insurer invoice without a signed cession; the means by which an
 * invoice is paid in full as it is issued (the counter).
 */
export interface IssueOptions {
  cessionOverride?: string;
  settle?: { method: PaymentMethod };
}

type Folder = Awaited<ReturnType<typeof folderVehicle>>;

/** A draft that passed every check, with what its issue writes besides its number. */
interface Checked {
  document: Row;
  type: DocumentType;
  folder: Folder | undefined;
  /** The sale date it will print: typed, or the work's day (when past), or the issue day. */
  saleDate: string;
}

/** Everything checked before a number is taken: a refusal leaves no gap and nothing changed. */
async function checkIssuable(tx: Transaction, document: Row): Promise<Checked> {
  if (document.status !== 'draft') throw conflict(DOCUMENT_ALREADY_ISSUED);
  const lines = await linesOf(tx, document.id);
  if (lines.length === 0) throw invalid(DOCUMENT_NEEDS_LINES);
  const type = document.type as DocumentType;
  // Negative lines (a discount) are fine within a positive total; a negative invoice is a credit note in disguise.
  if (type === 'invoice' && document.totalAmount < 0) throw invalid(INVOICE_NEGATIVE_TOTAL);
  // Every mandatory mention, or a refusal naming what is missing.
  const refusal = issueRefusal(type, await sellerOf(tx, document.companyId), document.customer, {
    lineRates: lines.map((line) => line.taxRate),
    exemptionReason: document.exemptionReason,
  });
  if (refusal) {
    // The body also names the buyer's fields to fill, for the form to highlight them.
    const fields = missingBuyerFields(document.customer).map((field) => `customer.${field}`);
    throw new DomainError('conflict', refusal, { refusal: MENTIONS_MISSING_REFUSAL, fields });
  }
  const folder =
    document.folderId === null ? undefined : await folderVehicle(tx, document.companyId, document.folderId);
  if (type === 'credit-note') await applyCreditNote(tx, document, lines);
  if (type === 'invoice') await claimDeposits(tx, document, lines);
  const today = parisToday();
  // The work's day when the folder has one (and it is not still to come), else the issue day.
  const interventionDay = folder?.appointmentAt ? parisDay(folder.appointmentAt) : null;
  const saleDate = document.saleDate ?? (interventionDay && interventionDay <= today ? interventionDay : today);
  return { document, type, folder, saleDate };
}

/** What an issue freezes beyond the document's own fields. */
interface Frozen {
  insurerMentions: InsurerMentions | null;
  insurerShare: InsurerShare | null;
  paidAtIssue: PaymentMethod | null;
}

/** Writes the issue of a checked draft under `number`: stock, frozen mentions, platform rules, chain link. */
async function writeIssue(
  tx: Transaction,
  { document, type, folder, saleDate }: Checked,
  issue: { number: string; at: Date; userId: number | null },
  frozen: Frozen,
) {
  const { number, at, userId } = issue;
  if (type === 'invoice') await moveStock(tx, document, await linesOf(tx, document.id), 'invoice', number, userId);
  await tx
    .update(billingDocuments)
    .set({
      status: 'issued',
      number,
      issuedAt: at,
      saleDate,
      dueDate: addDays(parisDay(at), document.paymentTermDays),
      ...frozen,
      vehicleMentions: folder ? vehicleMentionsOf(folder) : null,
      // An insurer's reference is its claim number unless the garage typed another one.
      buyerReference: document.buyerReference || (document.billTo === 'insurer' ? (folder?.claimNumber ?? '') : ''),
      updatedAt: at,
    })
    .where(eq(billingDocuments.id, document.id));
  if (frozen.insurerMentions?.cessionOverride) {
    await recordCessionOverride(tx, document, number, frozen.insurerMentions.cessionOverride, userId);
  }
  // What a platform would refuse rolls the whole issue back (no number taken).
  await refuseWhatAPlatformWould(tx, { companyId: document.companyId, id: document.id, type });
  // An invoice or a credit note is a link of the garage's inalterable chain, written with it.
  await chainIssuedDocument(tx, document.id);
}

/**
 * Issues a locked draft alone: the next number of its series (taken in this transaction: gapless, in commit order),
 * issue date now, due date after the payment term; an invoice's stock lines leave the stock. Answers the number.
 */
export async function issueLocked(tx: Transaction, document: Row, userId: number | null, options: IssueOptions = {}) {
  const checked = await checkIssuable(tx, document);
  await refuseForgottenDeductible(tx, document);
  const insurerMentions =
    checked.type === 'invoice' && document.billTo === 'insurer'
      ? await insurerMentionsAtIssue(tx, document, checked.saleDate, options.cessionOverride)
      : null;
  const sequence = await nextNumber(tx, document.companyId, DOCUMENT_SERIES[checked.type]);
  // Read once the sequence is ours: issue times then follow the numbers (chronological numbering).
  const at = new Date();
  const number = documentNumber(checked.type, at, sequence);
  await writeIssue(
    tx,
    checked,
    { number, at, userId },
    { insurerMentions, insurerShare: null, paidAtIssue: options.settle?.method ?? null },
  );
  return number;
}

/**
 * Issues the two drafts of a deductible split together: the insured's invoice takes the first of two consecutive
 * numbers, the insurer's the second, and each freezes the other's. `settle` applies to the one asked for.
 */
async function issuePair(
  tx: Transaction,
  pair: { customer: Row; insurer: Row; asked: Row },
  userId: number | null,
  options: IssueOptions,
) {
  const customer = await checkIssuable(tx, pair.customer);
  const insurer = await checkIssuable(tx, pair.insurer);
  const last = await nextNumber(tx, pair.customer.companyId, DOCUMENT_SERIES.invoice, 2);
  const at = new Date();
  const customerNumber = documentNumber('invoice', at, last - 1);
  const insurerNumber = documentNumber('invoice', at, last);
  const deductible = { amount: pair.customer.totalAmount, invoiceNumber: customerNumber };
  // One work date for the job: the insurer invoice's, printed on both.
  const mentions = await insurerMentionsAtIssue(
    tx,
    pair.insurer,
    insurer.saleDate,
    options.cessionOverride,
    deductible,
  );
  const paidAtIssue = (row: Row) => (row.id === pair.asked.id ? (options.settle?.method ?? null) : null);
  await writeIssue(
    tx,
    { ...customer, saleDate: insurer.saleDate },
    { number: customerNumber, at, userId },
    {
      insurerMentions: null,
      insurerShare: {
        insurerName: pair.insurer.customer.name,
        claimNumber: mentions.claimNumber,
        invoiceNumber: insurerNumber,
        amount: pair.insurer.totalAmount,
        workTotal: pair.insurer.totalAmount + pair.customer.totalAmount,
      },
      paidAtIssue: paidAtIssue(pair.customer),
    },
  );
  await writeIssue(
    tx,
    insurer,
    { number: insurerNumber, at, userId },
    { insurerMentions: mentions, insurerShare: null, paidAtIssue: paidAtIssue(pair.insurer) },
  );
  return pair.asked.id === pair.customer.id ? customerNumber : insurerNumber;
}

/**
 * Issues a draft (and the other invoice of its deductible split, when that one is a draft too); `settle`: in the same
 * transaction, records its payment in full (today, by that means, under the payment rules: cash ceiling…) and marks
 * it receipted. A refusal leaves every draft as it was.
 */
export async function issueDocument(
  db: Database,
  companyIds: number[],
  id: number,
  userId: number,
  options: IssueOptions = {},
) {
  return db.transaction(async (tx) => {
    const { document, partner } = await lockWithSplitPartner(tx, companyIds, id);
    if (options.settle && document.type !== 'invoice') throw invalid(INVOICE_SETTLE_ONLY_INVOICE);
    const number =
      partner?.status === 'draft'
        ? await issuePair(
            tx,
            document.billTo === 'insurer'
              ? { customer: partner, insurer: document, asked: document }
              : { customer: document, insurer: partner, asked: document },
            userId,
            options,
          )
        : await issueLocked(tx, document, userId, options);
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
    }
    return number;
  });
}
