/*
 * Numbers as the structured invoices write them (EN 16931, and the French rules BR-FR-DEC-01 to 04): a dot,
 * no thousands separator, amounts with 2 decimals, quantities with at most 4, unit prices with at most 6, rates
 * with at most 2. Every figure comes from integer cents and hundredths, so none goes through a binary float.
 */

/** Cents as an amount: 12345 -> "123.45", -5 -> "-0.05". */
export function amount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an amount of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** A number with 2 decimals at most (quantities, rates) written without trailing zeros: 1.5, 20, 5.5. */
export function decimal(value: number): string {
  const hundredths = Math.round(value * 100);
  if (Math.abs(hundredths - value * 100) > 1e-6) throw new Error(`more than 2 decimals: ${value}`);
  const sign = hundredths < 0 ? '-' : '';
  const magnitude = Math.abs(hundredths);
  const fraction = String(magnitude % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(magnitude / 100)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The net unit price of a line: its pre-tax total divided by its quantity, to 6 decimals (rounded half up), so
 * quantity × price gives the line's total back within the rules' tolerance also when the line was typed
 * tax-inclusive or with a discount. Both given positive.
 */
export function unitPrice(totalCents: number, quantity: number): string {
  const hundredths = BigInt(Math.round(quantity * 100));
  if (hundredths <= 0n || totalCents < 0) throw new Error('unit price of a non-positive quantity or total');
  // euros = cents / 100 / (hundredths / 100) = cents / hundredths; in millionths:
  const millionths = (BigInt(totalCents) * 2_000_000n + hundredths) / (hundredths * 2n);
  const whole = millionths / 1_000_000n;
  const fraction = String(millionths % 1_000_000n)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A day (YYYY-MM-DD) as the standards' format 102: 20261128. */
export const day102 = (isoDay: string) => isoDay.replace(/-/g, '');
