import { createHash } from 'node:crypto';
import { closedPeriodMessage, parisDay } from 'contracts';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { billingDocumentLines, billingDocuments, ledgerHeads, ledgerLinks, type payments } from '../../db/schema';
import { canonicalJson } from '../../lib/canonical-json';
import { conflict } from '../../lib/domain-error';
import { documentRecord, paymentRecord } from './records';

/*
 * Appending to a garage's chain. Each append runs in the transaction of its record: it locks the
 * company's head row (concurrent issues and payments of one garage queue there), takes the next sequence number,
 * adds the record to the perpetual grand totals, and writes `hash = SHA-256(previous hash ‖ canonical JSON)`.
 */

export const GENESIS_HASH = '0'.repeat(64);
export type LinkKind = 'invoice' | 'credit-note' | 'payment' | 'closing' | 'archive';

/** What a link's hash covers: its place, its kind, its record, and the grand totals after it. */
export interface LinkContent {
  seq: number;
  kind: LinkKind;
  recordId: number;
  reference: string;
  recordedAt: Date;
  salesTotal: number;
  receipts: Record<string, number>;
  record: unknown;
}

export const linkCanonical = (link: LinkContent) => canonicalJson(link);
export const chainHash = (previousHash: string, canonical: string) =>
  createHash('sha256').update(previousHash).update(canonical).digest('hex');

interface Append {
  companyId: number;
  kind: LinkKind;
  recordId: number;
  reference: string;
  recordedAt: Date;
  record: unknown;
  /** Sales TTC this record adds (a credit note's is negative). */
  sales: number;
  /** Money received (negative for a cancellation), by method. */
  receipt?: { method: string; amount: number };
  /** The Paris day the record is dated: refused (409) when its period is closed. Absent: not checked (backfill). */
  datedOn?: string;
}

/** Where `pnpm bench:ledger` reads how long each append took (no observer in the product). */
export const appendTimings: { observe?: (milliseconds: number) => void } = {};

/** Appends one link to the company's chain, inside the record's transaction. Answers its sequence number. */
export async function appendLink(tx: Transaction, input: Append): Promise<number> {
  const started = appendTimings.observe ? performance.now() : 0;
  const seq = await append(tx, input);
  appendTimings.observe?.(performance.now() - started);
  return seq;
}

/** The company's head row, locked until the transaction ends (made at its first record). */
export async function lockedHead(tx: Transaction, companyId: number) {
  const read = () => tx.select().from(ledgerHeads).where(eq(ledgerHeads.companyId, companyId)).for('update');
  const [head] = await read();
  if (head) return head;
  await tx.insert(ledgerHeads).values({ companyId }).onConflictDoNothing();
  const [made] = await read();
  if (!made) throw new Error(`no ledger head for company ${companyId}`);
  return made;
}

async function append(tx: Transaction, input: Append): Promise<number> {
  const head = await lockedHead(tx, input.companyId);
  // Under the head's lock: a closing and a late record of its period cannot cross.
  if (input.datedOn && head.closedThrough && input.datedOn <= head.closedThrough) {
    throw conflict(closedPeriodMessage(input.datedOn, head.closedThrough));
  }
  const receipts = { ...head.receipts };
  if (input.receipt) receipts[input.receipt.method] = (receipts[input.receipt.method] ?? 0) + input.receipt.amount;
  const content: LinkContent = {
    seq: head.seq + 1,
    kind: input.kind,
    recordId: input.recordId,
    reference: input.reference,
    recordedAt: input.recordedAt,
    salesTotal: head.salesTotal + input.sales,
    receipts,
    record: input.record,
  };
  const canonical = linkCanonical(content);
  const hash = chainHash(head.hash, canonical);
  await tx.insert(ledgerLinks).values({
    companyId: input.companyId,
    seq: content.seq,
    kind: content.kind,
    recordId: content.recordId,
    reference: content.reference,
    recordedAt: content.recordedAt,
    salesTotal: content.salesTotal,
    receipts,
    canonical,
    previousHash: head.hash,
    hash,
  });
  await tx
    .update(ledgerHeads)
    .set({ seq: content.seq, hash, salesTotal: content.salesTotal, receipts, updatedAt: sql`now()` })
    .where(eq(ledgerHeads.companyId, input.companyId));
  return content.seq;
}

/**
 * Chains an invoice or credit note just issued in `tx` (other documents are not sales records). `checkClosed`: false
 * only for the backfill of records older than the chain.
 */
export async function chainIssuedDocument(tx: Transaction, documentId: number, checkClosed = true) {
  const [document] = await tx.select().from(billingDocuments).where(eq(billingDocuments.id, documentId));
  if (!document || (document.type !== 'invoice' && document.type !== 'credit-note')) return;
  if (!document.number || !document.issuedAt) throw new Error(`document ${documentId} is not issued`);
  const lines = await tx.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, documentId));
  await appendLink(tx, {
    companyId: document.companyId,
    kind: document.type,
    recordId: document.id,
    reference: document.number,
    recordedAt: document.issuedAt,
    record: documentRecord(document, lines),
    sales: document.totalAmount,
    datedOn: checkClosed ? parisDay(document.issuedAt) : undefined,
  });
}

/**
 * Chains a payment (or the negative record cancelling one) just written in `tx`. It is recorded now, which is what
 * the chain and the daily closings count; its own date is its value date (a transfer seen late on the statement, a
 * cheque taken on Saturday and keyed on Monday), which may fall in a day already closed and is what the accounts
 * read: it is not checked against the closed period.
 */
export async function chainPayment(tx: Transaction, payment: typeof payments.$inferSelect, invoiceNumber: string) {
  await appendLink(tx, {
    companyId: payment.companyId,
    kind: 'payment',
    recordId: payment.id,
    reference: invoiceNumber,
    recordedAt: payment.createdAt,
    record: paymentRecord(payment),
    sales: 0,
    receipt: { method: payment.method, amount: payment.amount },
  });
}
