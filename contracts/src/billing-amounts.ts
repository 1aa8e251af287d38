/*
 * THE amounts of a commercial document (docs/product.md), used by the document form as the user types and
 * by the server, which recomputes every total and never trusts the client's.
 *
 * Everything is exact: money in integer cents, quantities, discounts and rates scaled to hundredths and
 * multiplied as BigInt, so no binary float ever rounds a price.
 *   - line = quantity × unit price × (1 − discount/100), rounded to the cent (half away from zero): pre-tax on a
 *     pre-tax document, tax-inclusive on a tax-inclusive one (« Saisis TTC »);
 *   - pre-tax document: pre-tax total = sum of the lines; VAT per rate = that rate's base × rate/100, rounded to the
 *     cent (a French invoice shows VAT per rate); total = pre-tax + VAT;
 *   - tax-inclusive document: what was typed is what is owed. Per rate, the lines' tax-inclusive amounts add up to
 *     that rate's total; its base is that total divided by 1 + rate/100, rounded to the cent, and its VAT the
 *     difference, so 20,00 € typed is a 20,00 € document (dividing each line and rounding lost a cent). Each line's
 *     pre-tax amount is its share of the base: its own division rounded, the cents the rounding left over given to
 *     the largest lines, so the lines add up to the base. The VAT still equals base × rate to the cent or so, which
 *     EN 16931 (BR-CO-17) accepts.
 * A credit note is its invoice's lines negated: every rounding is taken on the magnitude, so it mirrors the invoice.
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

/** quantity × unit price × (1 − discount), rounded to the cent: pre-tax or tax-inclusive as the price was typed. */
function typedAmount(line: AmountLine): bigint {
  const quantity = hundredths(line.quantity);
  const price = cents(line.unitPrice);
  const discount = hundredths(line.discount);
  if (discount < 0n || discount > 10_000n || hundredths(line.taxRate) < 0n) throw new Error(CANNOT_CALCULATE_TOTAL);
  // quantity/100 × price × (10000 − discount)/10000
  return roundHalfAway(quantity * price * (10_000n - discount), 1_000_000n);
}

/** A tax-inclusive amount without its VAT, cents, rounded half away from zero. */
const withoutTax = (amount: bigint, rate: bigint) => roundHalfAway(amount * 10_000n, 10_000n + rate);

/**
 * Pre-tax total of one line, cents, as if it were its rate's only line (the live total of a line being typed;
 * `documentTotals` shares its rate's base out between the lines).
 */
export function lineTotal(line: AmountLine, taxInclusive: boolean): number {
  const amount = typedAmount(line);
  return Number(taxInclusive ? withoutTax(amount, hundredths(line.taxRate)) : amount);
}

/**
 * A line's unit price before tax, cents, as printed on every line (CGI 242 nonies A I 5°), also when it was typed
 * tax-inclusive: the typed price without its VAT, rounded to the cent (a printed price; the totals never multiply it).
 */
export const unitPriceBeforeTax = (unitPrice: number, taxRate: number, taxInclusive: boolean) =>
  lineTotal({ quantity: 1, unitPrice, discount: 0, taxRate }, taxInclusive);

/** The lines' indexes by rate (in hundredths of a percent), highest rate first. */
function byRate(lines: readonly AmountLine[]): [bigint, number[]][] {
  const groups = new Map<bigint, number[]>();
  lines.forEach((line, index) => {
    const rate = hundredths(line.taxRate);
    groups.set(rate, [...(groups.get(rate) ?? []), index]);
  });
  return [...groups.entries()].sort(([a], [b]) => (a > b ? -1 : a < b ? 1 : 0));
}

/**
 * One rate's lines of a tax-inclusive document: the base (their total without VAT) shared out between them, each its
 * own division rounded, the cents left over (one per line at most) given to the largest lines first.
 */
function shareBase(amounts: bigint[], rate: bigint): { base: bigint; shares: bigint[] } {
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  const base = withoutTax(total, rate);
  const shares = amounts.map((amount) => withoutTax(amount, rate));
  let left = base - shares.reduce((sum, share) => sum + share, 0n);
  const largestFirst = amounts
    .map((_, index) => index)
    .sort((a, b) => Number(abs(amounts[b] ?? 0n) - abs(amounts[a] ?? 0n)) || a - b);
  for (const index of largestFirst) {
    if (left === 0n) break;
    const step = left > 0n ? 1n : -1n;
    shares[index] = (shares[index] ?? 0n) + step;
    left -= step;
  }
  return { base, shares };
}

/** Every total of a document from its lines (see the header of this file). */
export function documentTotals(lines: readonly AmountLine[], taxInclusive: boolean): DocumentTotals {
  if (!Array.isArray(lines)) throw new Error(CANNOT_CALCULATE_TOTAL);
  const amounts = lines.map(typedAmount);
  const lineTotals = amounts.map(Number);
  const vatByRate = byRate(lines).map(([rate, indexes]) => {
    const typed = indexes.map((index) => amounts[index] ?? 0n);
    const rateLabel = Number(rate) / 100;
    if (!taxInclusive) {
      const base = typed.reduce((sum, amount) => sum + amount, 0n);
      return { rate: rateLabel, base: Number(base), tax: Number(roundHalfAway(base * rate, 10_000n)) };
    }
    const { base, shares } = shareBase(typed, rate);
    indexes.forEach((index, position) => {
      lineTotals[index] = Number(shares[position] ?? 0n);
    });
    const owed = typed.reduce((sum, amount) => sum + amount, 0n);
    return { rate: rateLabel, base: Number(base), tax: Number(owed - base) };
  });
  const preTaxAmount = lineTotals.reduce((sum, total) => sum + total, 0);
  const taxAmount = vatByRate.reduce((sum, entry) => sum + entry.tax, 0);
  return { lineTotals, preTaxAmount, taxAmount, totalAmount: preTaxAmount + taxAmount, vatByRate };
}
