import { DOCUMENT_TYPE_LABELS, type DocumentType, lineTotal, STOCK_INSUFFICIENT } from 'contracts';
import type { Transaction } from '../../../db';
import type { billingDocuments } from '../../../db/schema';
import { conflict } from '../../../lib/domain-error';
import { applyStockMovement, stockableProduct } from '../../products/stock-repository';
import { amountOf, type LineValues } from './document-lines';

type Row = typeof billingDocuments.$inferSelect;

/**
 * Stock moved by a document's lines marked "add to stock" whose product is stock-tracked: an issued invoice
 * takes them out, a received purchase order brings them in at its net unit price before tax (the weighted
 * average cost). Stock counts whole units: quantities are rounded. 409 when the stock would go negative.
 */
export async function moveStock(
  tx: Transaction,
  document: Row,
  lines: LineValues[],
  kind: 'invoice' | 'reception',
  reference: string,
  userId: number | null,
) {
  for (const line of lines) {
    const units = Math.round(line.quantity);
    if (!line.addToStock || line.productId === null || units === 0) continue;
    const product = await stockableProduct(tx, document.companyId, line.productId);
    if (!product?.stockTracked) continue;
    const left = await applyStockMovement(tx, {
      companyId: document.companyId,
      productId: line.productId,
      kind,
      quantity: kind === 'invoice' ? -units : units,
      unitCost: kind === 'reception' ? lineTotal({ ...amountOf(line), quantity: 1 }, document.taxInclusive) : null,
      reason: `${DOCUMENT_TYPE_LABELS[document.type as DocumentType]} ${reference}`,
      reference,
      userId,
    });
    if (left === undefined) throw conflict(STOCK_INSUFFICIENT);
  }
}
