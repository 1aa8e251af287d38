import { type ClosingRow, PAYMENT_METHOD_LABELS, type PaymentMethod, percentLabel } from 'contracts';
import { formatCents } from 'shared-ui';

/*
 * How a closing's totals read in one line of the list (and in its exports): VAT per rate, receipts per method,
 * highest rate first, methods in the product's order.
 */

export const salesOf = (row: ClosingRow) => row.totals.invoices.total + row.totals.creditNotes.total;

export const vatSummary = (row: ClosingRow) =>
  Object.entries(row.totals.vat)
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([rate, { tax }]) => `${percentLabel(Number(rate))} : ${formatCents(tax)}`)
    .join(' · ') || '—';

export const receiptsSummary = (receipts: Record<string, number>) =>
  Object.entries(receipts)
    .map(([method, amount]) => `${PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method} : ${formatCents(amount)}`)
    .join(' · ') || '—';
