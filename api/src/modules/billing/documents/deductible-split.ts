import { documentTotals } from 'contracts';
import { amountOf, type LineValues, priceLines } from './document-lines';

/* The deductible (franchise) split of a quote into a customer and an insurer invoice, to the cent. */

/**
 * `others` plus `line` priced so that the document totals `target` cents TTC. Its unit price is searched a few
 * cents around `start`; when VAT rounding skips the target (at 20 %, h + round(0.2 h) jumps by two cents once
 * every five), the closest price is kept and the last cent or two go on a 0 % "Arrondi" line, so totals that
 * must add up still do, to the cent.
 */
export function fitLine(
  others: LineValues[],
  line: Omit<LineValues, 'unitPrice'>,
  start: number,
  target: number,
  taxInclusive: boolean,
): LineValues[] {
  const withPrice = (unitPrice: number) => [...others, { ...line, unitPrice }];
  const gap = (unitPrice: number) =>
    target - documentTotals(withPrice(unitPrice).map(amountOf), taxInclusive).totalAmount;
  let best = start;
  for (const delta of [0, 1, -1, 2, -2, 3, -3, 4, -4]) {
    if (Math.abs(gap(start + delta)) < Math.abs(gap(best))) best = start + delta;
    if (gap(best) === 0) return withPrice(best);
  }
  const rounding: LineValues = {
    title: ROUNDING_LINE_TITLE,
    productId: null,
    details: '',
    quantity: 1,
    unitPrice: gap(best),
    remise: 0,
    taxRate: 0,
    addToStock: false,
    unit: 'C62',
    partOrigin: null,
  };
  return [...withPrice(best), rounding];
}

/** The 0 % cent line a split adds when no unit price lands exactly on its total. */
export const ROUNDING_LINE_TITLE = 'Arrondi';
/** What such a line prints as its exemption reason: a cent of rounding, not a sale. */
export const ROUNDING_EXEMPTION_REASON = 'Ligne « Arrondi » : écart d’arrondi de la répartition, hors champ de la TVA';
/** The exemption reason of a split's document: the quote's, or the rounding's when the split added one. */
export const splitExemptionReason = (lines: LineValues[], quoteReason: string) =>
  quoteReason ||
  (lines.some((line) => line.title === ROUNDING_LINE_TITLE && line.taxRate === 0) ? ROUNDING_EXEMPTION_REASON : '');

/** The rate bearing the largest base: the one a deductible is billed at. */
function mainRate(lines: LineValues[], taxInclusive: boolean, fallback: number) {
  const [first] = [...documentTotals(lines.map(amountOf), taxInclusive).vatByRate].sort((a, b) => b.base - a.base);
  return first?.rate ?? fallback;
}

/**
 * The lines of a quote split by a deductible (TTC cents, at most the quote's total): the customer's, one
 * tax-inclusive line at the quote's main rate worth exactly the deductible; the insurer's, the quote's lines and
 * the deductible taken off, in the quote's mode, worth exactly the quote's total minus the customer's.
 */
export function splitDeductible(
  lines: LineValues[],
  quote: { taxInclusive: boolean; tax: number; totalAmount: number },
  deductible: number,
  claimNumber: string | null,
) {
  const rate = mainRate(lines, quote.taxInclusive, quote.tax);
  const franchise = {
    productId: null,
    details: '',
    remise: 0,
    taxRate: rate,
    addToStock: false,
    unit: 'C62' as const,
    partOrigin: null,
  };
  const customerLines = fitLine(
    [],
    { ...franchise, title: `Franchise contractuelle — sinistre ${claimNumber ?? '—'}`, quantity: 1 },
    deductible,
    deductible,
    true,
  );
  const customerTotal = priceLines(customerLines, true).amounts.totalAmount;
  // Searched from the deductible's own price in the quote's mode (TTC as is, or HT).
  const start = quote.taxInclusive ? deductible : Math.round((deductible * 100) / (100 + rate));
  const insurerLines = fitLine(
    lines,
    { ...franchise, title: 'Franchise à la charge de l’assuré', quantity: -1 },
    start,
    quote.totalAmount - customerTotal,
    quote.taxInclusive,
  );
  return { rate, customerLines, insurerLines };
}
