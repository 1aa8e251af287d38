/*
 * THE amounts of a commercial document (docs/product.md), used by the document form as the user types and
 * by the server, which recomputes every total and never trusts the client's.
 *
 * Everything is exact: money in integer cents, quantities, discounts and rates scaled to hundredths and
 * multiplied as BigInt, so no binary float ever rounds a price.
 *   - line (HT mode)  = quantity × unit price × (1 − discount/100), rounded to the cent (half away from zero);
 *   - line (TTC mode) = the same with the unit price divided by 1 + rate/100, truncated to the cent (the spec's
 *     "floor", taken on the magnitude so a credit note mirrors its invoice to the cent);
 *   - pre-tax total = sum of the lines; VAT per rate = that rate's base × rate/100, rounded to the cent (a French
 *     invoice shows VAT per rate; with one rate this is the spec's "sum × rate/100"); total = pre-tax + VAT.
 */

export const CANNOT_CALCULATE_TOTAL = 'cannot calculate total';

/** French VAT rates a garage bills, in percent. */
export const TAX_RATES = [20, 10, 5.5, 2.1, 0] as const;
export const DEFAULT_TAX_RATE = 20;
/** A percentage as a French document writes it: 5.5 -> "5,5 %". */
export const percentLabel = (rate: number) => `${String(rate).replace('.', ',')} %`;
/** The VAT rates to choose from, labelled. */
export const TAX_RATE_OPTIONS = TAX_RATES.map((rate) => ({ value: rate, label: percentLabel(rate) }));
export const TAX_RATE_UNKNOWN = 'Taux de TVA : 20, 10, 5,5, 2,1 ou 0 %';

export interface AmountLine {
  /** Up to 2 decimals (hours of labour: 1.5); negative on a credit note. */
  quantity: number;
  /** Integer cents, as entered: tax-inclusive when the document is. */
  unitPrice: number;
  /** Discount (remise) in percent, 0 to 100, up to 2 decimals. */
  discount: number;
  /** VAT rate in percent, up to 2 decimals. */
  taxRate: number;
}

export interface VatByRate {
  rate: number;
  /** Cents. */
  base: number;
  /** Cents. */
  tax: number;
}

export interface DocumentTotals {
  /** Pre-tax total of each line, cents, in the order given. */
  lineTotals: number[];
  preTaxAmount: number;
  taxAmount: number;
  totalAmount: number;
  /** One entry per rate used, highest rate first. */
  vatByRate: VatByRate[];
}

/** `value` × 100 as an exact integer, or throws: quantities, discounts and rates carry 2 decimals at most. */
function hundredths(value: number): bigint {
  if (!Number.isFinite(value)) throw new Error(CANNOT_CALCULATE_TOTAL);
  const scaled = Math.round(value * 100);
  if (Math.abs(scaled - value * 100) > 1e-6 || !Number.isSafeInteger(scaled)) throw new Error(CANNOT_CALCULATE_TOTAL);
  return BigInt(scaled);
}

function cents(value: number): bigint {
  if (!Number.isSafeInteger(value)) throw new Error(CANNOT_CALCULATE_TOTAL);
  return BigInt(value);
}

const abs = (value: bigint) => (value < 0n ? -value : value);

/** numerator / denominator rounded half away from zero (denominator > 0). */
function roundHalfAway(numerator: bigint, denominator: bigint): bigint {
  const magnitude = (abs(numerator) * 2n + denominator) / (denominator * 2n);
  return numerator < 0n ? -magnitude : magnitude;
}

/** numerator / denominator truncated toward zero (BigInt division already does). */
const truncate = (numerator: bigint, denominator: bigint) => numerator / denominator;

/** Pre-tax total of one line, cents. */
export function lineTotal(line: AmountLine, taxInclusive: boolean): number {
  const quantity = hundredths(line.quantity);
  const price = cents(line.unitPrice);
  const discount = hundredths(line.discount);
  const rate = hundredths(line.taxRate);
  if (discount < 0n || discount > 10_000n || rate < 0n) throw new Error(CANNOT_CALCULATE_TOTAL);
  // quantity/100 × price × (10000 − discount)/10000
  const numerator = quantity * price * (10_000n - discount);
  const denominator = 1_000_000n;
  const total = taxInclusive
    ? truncate(numerator * 10_000n, denominator * (10_000n + rate))
    : roundHalfAway(numerator, denominator);
  return Number(total);
}

/**
 * A line's unit price before tax, cents, as printed on every line (CGI 242 nonies A I 5°), also when it was typed
 * tax-inclusive: the pre-tax total of one unit without discount, by the same rule as the line totals.
 */
export const unitPriceBeforeTax = (unitPrice: number, taxRate: number, taxInclusive: boolean) =>
  lineTotal({ quantity: 1, unitPrice, discount: 0, taxRate }, taxInclusive);

/** Every total of a document from its lines (see the header of this file). */
export function documentTotals(lines: readonly AmountLine[], taxInclusive: boolean): DocumentTotals {
  if (!Array.isArray(lines)) throw new Error(CANNOT_CALCULATE_TOTAL);
  const lineTotals = lines.map((line) => lineTotal(line, taxInclusive));
  const bases = new Map<number, bigint>();
  lines.forEach((line, index) => {
    const rate = Number(hundredths(line.taxRate)) / 100;
    bases.set(rate, (bases.get(rate) ?? 0n) + BigInt(lineTotals[index] ?? 0));
  });
  const vatByRate = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, base]) => ({
      rate,
      base: Number(base),
      tax: Number(roundHalfAway(base * hundredths(rate), 10_000n)),
    }));
  const preTaxAmount = lineTotals.reduce((sum, total) => sum + total, 0);
  const taxAmount = vatByRate.reduce((sum, entry) => sum + entry.tax, 0);
  return { lineTotals, preTaxAmount, taxAmount, totalAmount: preTaxAmount + taxAmount, vatByRate };
}
