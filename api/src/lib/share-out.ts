/**
 * `amount` cents shared out in proportion to `weights`, the cents adding up exactly: each share rounded down, the
 * cents left given to the largest remainders first (a payment over an invoice's VAT rates, a rate's VAT over the
 * labour and the parts it taxes, a credit note's too). A negative amount is shared as its magnitude, then negated.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const all = weights.reduce((sum, weight) => sum + weight, 0);
  if (all === 0) return weights.map(() => 0);
  // Each share is amount × weight / all: its magnitude from the fraction, its sign the amount's.
  const sign = amount < 0 ? -1 : 1;
  const magnitude = Math.abs(amount);
  const exact = weights.map((weight) => (magnitude * weight) / all);
  const shares = exact.map(Math.floor);
  let left = magnitude - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares.map((share) => sign * share + 0);
}
