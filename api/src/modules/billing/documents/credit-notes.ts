import {
  CREDIT_NOTE_FULLY_CREDITED,
  CREDIT_NOTE_NEGATIVE_ONLY,
  CREDITABLE_INVOICE_STATUSES,
  creditNoteExceeds,
  creditNoteExceedsTotal,
  creditNoteRateUnknown,
  DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE,
  type DocumentStatus,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { billingDocuments } from '../../../db/schema';
import { conflict, invalid } from '../../../lib/domain-error';
import { type LineValues, linesOf, priceLines } from './document-lines';

/*
 * A credit note corrects ONE issued invoice (CGI art. 242 nonies A: it names it and carries the same mentions).
 * It takes amounts off only: every line's total is negative or zero, its VAT rates are the invoice's, and the issued
 * credit notes of an invoice never take more than the invoice holds at any rate nor in total. Issuing locks the
 * invoice's row, so two credit notes issued at once on the last euro queue: the second sees the first.
 */

type Row = typeof billingDocuments.$inferSelect;

/** The invoice's payment state once `credited` of it is taken off by credit notes. */
export function invoiceStatus(total: number, credited: number, paid: number): DocumentStatus {
  if (credited >= total) return 'credited';
  if (paid >= total - credited) return 'paid';
  return paid > 0 ? 'partial' : 'issued';
}

/** The invoice a credit note corrects, locked until the transaction ends; 409 unless it is an issued invoice. */
export async function lockSourceInvoice(tx: Transaction, creditNote: Row): Promise<Row> {
  const [invoice] =
    creditNote.sourceId === null
      ? []
      : await tx
          .select()
          .from(billingDocuments)
          .where(
            and(eq(billingDocuments.id, creditNote.sourceId), eq(billingDocuments.companyId, creditNote.companyId)),
          )
          .for('update');
  if (invoice?.type !== 'invoice') throw conflict(DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE);
  if (invoice.status === 'credited') throw conflict(CREDIT_NOTE_FULLY_CREDITED);
  if (!CREDITABLE_INVOICE_STATUSES.includes(invoice.status as DocumentStatus))
    throw conflict(DOCUMENT_CREDIT_NEEDS_ISSUED_INVOICE);
  return invoice;
}

async function pricedLinesOf(db: Database | Transaction, document: Row) {
  return priceLines(await linesOf(db, document.id), document.taxInclusive);
}

/** What a credit note's lines may be: totals ≤ 0 (the whole < 0), at the rates of its invoice. */
export function checkCreditLines(lines: LineValues[], taxInclusive: boolean, invoiceRates: number[]) {
  const priced = priceLines(lines, taxInclusive);
  if (priced.lines.some((line) => line.total > 0) || priced.amounts.totalAmount >= 0) {
    throw invalid(CREDIT_NOTE_NEGATIVE_ONLY);
  }
  const unknown = priced.vatByRate.find((entry) => !invoiceRates.includes(entry.rate));
  if (unknown) throw invalid(creditNoteRateUnknown(unknown.rate));
  return priced;
}

/** The VAT rates of an invoice's lines. */
export async function invoiceRates(db: Database | Transaction, invoice: Row): Promise<number[]> {
  return (await pricedLinesOf(db, invoice)).vatByRate.map((entry) => entry.rate);
}

/**
 * Inside the issue of `creditNote` (its row locked): checks it against its locked invoice, rate by rate (bases
 * before tax) and in total, then takes its amount off the invoice and sets the invoice's state.
 */
export async function applyCreditNote(tx: Transaction, creditNote: Row, lines: LineValues[]): Promise<void> {
  const invoice = await lockSourceInvoice(tx, creditNote);
  const invoiceTotals = await pricedLinesOf(tx, invoice);
  const priced = checkCreditLines(
    lines,
    creditNote.taxInclusive,
    invoiceTotals.vatByRate.map((entry) => entry.rate),
  );
  const earlier = await tx
    .select()
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.sourceId, invoice.id),
        eq(billingDocuments.type, 'credit-note'),
        eq(billingDocuments.status, 'issued'),
      ),
    );
  const taken = new Map<number, number>();
  for (const note of earlier) {
    for (const entry of (await pricedLinesOf(tx, note)).vatByRate) {
      taken.set(entry.rate, (taken.get(entry.rate) ?? 0) + Math.abs(entry.base));
    }
  }
  const number = invoice.number ?? '';
  for (const entry of priced.vatByRate) {
    const base = invoiceTotals.vatByRate.find((each) => each.rate === entry.rate)?.base ?? 0;
    const left = base - (taken.get(entry.rate) ?? 0);
    if (Math.abs(entry.base) > left) throw conflict(creditNoteExceeds(number, entry.rate, Math.max(left, 0)));
  }
  const credited = invoice.creditedAmount + Math.abs(priced.amounts.totalAmount);
  if (credited > invoice.totalAmount) {
    // Bases fit but the rounded taxes would take a cent more than the invoice holds.
    throw conflict(creditNoteExceedsTotal(number, invoice.totalAmount - invoice.creditedAmount));
  }
  await tx
    .update(billingDocuments)
    .set({
      creditedAmount: credited,
      status: invoiceStatus(invoice.totalAmount, credited, invoice.paidAmount),
      updatedAt: new Date(),
    })
    .where(eq(billingDocuments.id, invoice.id));
}
