import { DOCUMENT_AMOUNT_TOO_HIGH, documentTotals, type LineUnit, type PartOrigin } from 'contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { billingDocumentLines } from '../../../db/schema';
import { invalid } from '../../../lib/domain-error';

/* The lines of a document and their amounts, through the one amounts function (`documentTotals`). */

/** A line as typed, before its position and total are set. */
export interface LineValues {
  title: string;
  productId: number | null;
  details: string;
  quantity: number;
  /** Cents, as entered (tax-inclusive when the document is). */
  unitPrice: number;
  remise: number;
  taxRate: number;
  addToStock: boolean;
  unit: LineUnit;
  partOrigin: PartOrigin | null;
  /** A final invoice's line taking off this issued deposit invoice. */
  deductsDepositId?: number | null;
}

const INT4_MAX = 2_147_483_647;
export const amountOf = (line: Pick<LineValues, 'quantity' | 'unitPrice' | 'remise' | 'taxRate'>) => ({
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  discount: line.remise,
  taxRate: line.taxRate,
});

/** Positions 1..n in the order given, each line's total, and the document's totals (integer columns: bounded). */
export function priceLines(lines: LineValues[], taxInclusive: boolean) {
  let totals: ReturnType<typeof documentTotals>;
  try {
    totals = documentTotals(lines.map(amountOf), taxInclusive);
  } catch {
    throw invalid(DOCUMENT_AMOUNT_TOO_HIGH);
  }
  const amounts = [
    totals.totalAmount,
    totals.preTaxAmount,
    totals.taxAmount,
    ...totals.lineTotals,
    ...lines.map((line) => line.unitPrice),
  ];
  if (amounts.some((amount) => Math.abs(amount) > INT4_MAX)) throw invalid(DOCUMENT_AMOUNT_TOO_HIGH);
  return {
    lines: lines.map((line, index) => ({ ...line, position: index + 1, total: totals.lineTotals[index] ?? 0 })),
    amounts: { preTaxAmount: totals.preTaxAmount, taxAmount: totals.taxAmount, totalAmount: totals.totalAmount },
    vatByRate: totals.vatByRate,
  };
}

/** A stored document's lines, in their order. */
export async function linesOf(db: Database | Transaction, documentId: number): Promise<LineValues[]> {
  return db
    .select({
      title: billingDocumentLines.title,
      productId: billingDocumentLines.productId,
      details: billingDocumentLines.details,
      quantity: billingDocumentLines.quantity,
      unitPrice: billingDocumentLines.unitPrice,
      remise: billingDocumentLines.remise,
      taxRate: billingDocumentLines.taxRate,
      addToStock: billingDocumentLines.addToStock,
      unit: billingDocumentLines.unit,
      partOrigin: billingDocumentLines.partOrigin,
      deductsDepositId: billingDocumentLines.deductsDepositId,
    })
    .from(billingDocumentLines)
    .where(eq(billingDocumentLines.documentId, documentId))
    .orderBy(asc(billingDocumentLines.position), asc(billingDocumentLines.id))
    .then((rows) =>
      rows.map((row) => ({ ...row, unit: row.unit as LineUnit, partOrigin: row.partOrigin as PartOrigin | null })),
    );
}
