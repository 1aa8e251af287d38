import { describe, expect, it } from 'vitest';
import { readStatementLine } from './bank-statement-line';

const invoices = [
  { id: 1, claimNumber: 'SIN-2026-004512' },
  { id: 2, claimNumber: 'SIN-2026-004533' },
  { id: 3, claimNumber: 'SIN-2026-00451' },
  { id: 4, claimNumber: 'ABC' },
];

describe('a pasted bank statement line', () => {
  it('picks the invoices whose claim numbers it cites, its amount and its value date', () => {
    expect(
      readStatementLine('26/11/2026 VIR SEPA MAIF SIN-2026-004512 SIN 2026 004533 1 250,40 EUR', invoices),
    ).toEqual({ amount: 125_040, day: '2026-11-26', invoiceIds: [1, 2] });
  });

  it('reads amounts with points for thousands or decimals, and cites a claim whole', () => {
    expect(readStatementLine('VIREMENT MACIF sin2026004512 1.250,40', invoices)).toMatchObject({
      amount: 125_040,
      invoiceIds: [1],
    });
    expect(readStatementLine('REF SIN-2026-00451 980.00', invoices)).toMatchObject({ amount: 98_000, invoiceIds: [3] });
  });

  it('reads the amount with the claim numbers taken out: « SIN 778 400,00 » is 400 €', () => {
    expect(readStatementLine('VIR MAAF SIN 778 400,00', [{ id: 9, claimNumber: 'SIN-778' }])).toMatchObject({
      amount: 40_000,
      invoiceIds: [9],
    });
  });

  it('finds nothing it is not told: no amount, no date, no invoice for a short or absent reference', () => {
    expect(readStatementLine('VIR ABC sans montant', invoices)).toEqual({
      amount: undefined,
      day: undefined,
      invoiceIds: [],
    });
  });
});
