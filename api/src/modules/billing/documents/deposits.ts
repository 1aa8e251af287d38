import {
  DEPOSIT_AMOUNT_POSITIVE,
  DEPOSIT_DRAFT_FIRST,
  DEPOSIT_NEEDS_QUOTE,
  DEPOSIT_UNKNOWN,
  depositAlreadyDeducted,
  depositDeductionTitle,
  depositLineTitle,
  depositTooHigh,
  documentTotals,
  parisDay,
} from 'contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { billingDocumentLines, billingDocuments } from '../../../db/schema';
import { conflict, invalid } from '../../../lib/domain-error';
import { amountOf, type LineValues, linesOf } from './document-lines';
import { copiedHeader, insertDocument, lockDocument, type Row } from './document-rows';

/*
 * Deposits (acomptes) on a quote: a deposit invoice bills part of the quote before the work, split over the quote's
 * VAT rates in proportion of their amounts; the final invoice made from the quote takes every deposit off, one
 * negative line per rate citing the deposit invoice, and a deposit is taken off once.
 */

const line = (title: string, quantity: number, unitPrice: number, taxRate: number): LineValues => ({
  title,
  productId: null,
  details: '',
  quantity,
  unitPrice,
  remise: 0,
  taxRate,
  addToStock: false,
  unit: 'C62',
  partOrigin: null,
});

/** The quote's deposit invoices (drafts included), oldest first. */
const depositsOf = (tx: Transaction, quote: Row) =>
  tx
    .select()
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.sourceId, quote.id),
        eq(billingDocuments.deposit, true),
        eq(billingDocuments.companyId, quote.companyId),
      ),
    )
    .orderBy(billingDocuments.id);

/**
 * `amount` (TTC cents) of the quote as its rates share it: each rate's part of the quote's total, rounded, the last
 * rate taking what rounding left so that the lines add up to the amount exactly (tax-inclusive lines).
 */
function depositLines(quote: Row, quoteLines: LineValues[], amount: number): LineValues[] {
  const rates = documentTotals(quoteLines.map(amountOf), quote.taxInclusive).vatByRate.filter(
    (rate) => rate.base + rate.tax !== 0,
  );
  let left = amount;
  return rates.map((rate, index) => {
    const share = index === rates.length - 1 ? left : Math.round((amount * (rate.base + rate.tax)) / quote.totalAmount);
    left -= share;
    return line(depositLineTitle(quote.number ?? ''), 1, share, rate.rate);
  });
}

/**
 * « Demander un acompte » on an issued quote not yet invoiced: a deposit invoice draft of `amount` TTC, payable on
 * receipt, at most what the quote's deposits have not billed yet. Answers its id.
 */
export async function createDepositInvoice(
  db: Database,
  companyIds: number[],
  quoteId: number,
  amount: number,
  userId: number,
) {
  return db.transaction(async (tx) => {
    const quote = await lockDocument(tx, companyIds, quoteId);
    if (quote.type !== 'quotation' || quote.status !== 'issued') throw conflict(DEPOSIT_NEEDS_QUOTE);
    if (amount <= 0) throw invalid(DEPOSIT_AMOUNT_POSITIVE);
    const billed = (await depositsOf(tx, quote)).reduce((sum, deposit) => sum + deposit.totalAmount, 0);
    const left = quote.totalAmount - billed;
    if (amount > left) throw invalid(depositTooHigh(left));
    const lines = depositLines(quote, await linesOf(tx, quoteId), amount);
    return insertDocument(
      tx,
      {
        ...copiedHeader(quote, 'invoice', userId),
        billTo: 'customer',
        deposit: true,
        taxInclusive: true,
        paymentTermDays: 0,
        saleDate: null,
      },
      lines,
    );
  });
}

/**
 * The final invoice's lines taking off each deposit invoice of the quote, in the invoice's VAT mode: one negative line
 * per rate, worth the deposit's base (or its amount tax included). A deposit still a draft must be settled first.
 */
export async function depositDeductions(tx: Transaction, quote: Row, taxInclusive: boolean): Promise<LineValues[]> {
  const deposits = await depositsOf(tx, quote);
  if (deposits.some((deposit) => deposit.status === 'draft')) throw conflict(DEPOSIT_DRAFT_FIRST);
  const deductions: LineValues[] = [];
  for (const deposit of deposits) {
    const title = depositDeductionTitle(deposit.number ?? '', parisDay(deposit.issuedAt ?? new Date()));
    const totals = documentTotals((await linesOf(tx, deposit.id)).map(amountOf), deposit.taxInclusive);
    for (const rate of totals.vatByRate) {
      const price = taxInclusive ? rate.base + rate.tax : rate.base;
      deductions.push({ ...line(title, -1, price, rate.rate), deductsDepositId: deposit.id });
    }
  }
  return deductions;
}

/** Lines citing a deposit: each an issued deposit invoice of the garage, or 400. */
export async function checkDepositLines(tx: Transaction, companyId: number, lines: LineValues[]) {
  const ids = [...new Set(lines.flatMap((each) => (each.deductsDepositId ? [each.deductsDepositId] : [])))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(
      and(
        inArray(billingDocuments.id, ids),
        eq(billingDocuments.companyId, companyId),
        eq(billingDocuments.deposit, true),
        ne(billingDocuments.status, 'draft'),
      ),
    );
  if (found.length !== ids.length) throw invalid(DEPOSIT_UNKNOWN);
}

/**
 * At issue: the deposits an invoice takes off, locked, and taken off by no other issued invoice (two final invoices
 * issued at once queue on the deposit's row).
 */
export async function claimDeposits(tx: Transaction, invoice: Row, lines: LineValues[]) {
  const ids = [...new Set(lines.flatMap((each) => (each.deductsDepositId ? [each.deductsDepositId] : [])))].sort(
    (a, b) => a - b,
  );
  for (const id of ids) {
    const deposit = await lockDocument(tx, [invoice.companyId], id);
    const [other] = await tx
      .select({ number: billingDocuments.number })
      .from(billingDocumentLines)
      .innerJoin(billingDocuments, eq(billingDocuments.id, billingDocumentLines.documentId))
      .where(
        and(
          eq(billingDocumentLines.deductsDepositId, id),
          ne(billingDocuments.id, invoice.id),
          ne(billingDocuments.status, 'draft'),
        ),
      )
      .limit(1);
    if (other) throw conflict(depositAlreadyDeducted(deposit.number ?? '', other.number ?? ''));
  }
}
