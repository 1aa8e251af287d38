import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AmountLine,
  CANNOT_CALCULATE_TOTAL,
  documentTotals,
  lineTotal,
  unitPriceBeforeTax,
} from './billing-amounts';

const line = (quantity: number, unitPrice: number, discount = 0, taxRate = 20): AmountLine => ({
  quantity,
  unitPrice,
  discount,
  taxRate,
});

describe('lineTotal', () => {
  it.each([
    // [case, line, TTC mode, expected cents]
    ['one unit, no discount', line(1, 10_000), false, 10_000],
    ['discount rounded half away from zero', line(3, 3_333, 10), false, 8_999],
    ['half a cent rounds up', line(1, 5, 50), false, 3],
    ['hours of labour with decimals', line(1.5, 4_550), false, 6_825],
    ['float trap 1.15 × 0.10 €', line(1.15, 10), false, 12],
    ['a credit-like line is negative', line(-3, 3_333, 10), false, -8_999],
    ['a negative half cent rounds away from zero', line(-1, 5, 50), false, -3],
    ['full discount', line(2, 9_999, 100), false, 0],
    ['TTC: 120 € at 20 % is exactly 100 € HT', line(1, 12_000), true, 10_000],
    ['TTC: 100 € at 20 % is 83,33 (83,333…)', line(1, 10_000), true, 8_333],
    ['TTC: 10 € at 5,5 % is 9,48 (9,478…, rounded, not cut)', line(1, 1_000, 0, 5.5), true, 948],
    ['TTC with discount: 2 × 59,90 at 20 %, 15 % = 101,83 TTC, 84,86 HT', line(2, 5_990, 15), true, 8_486],
    ['TTC credit mirrors the invoice', line(-1, 10_000), true, -8_333],
    ['TTC at 0 %', line(4, 1_234, 0, 0), true, 4_936],
  ])('%s', (_case, input, taxInclusive, expected) => {
    expect(lineTotal(input, taxInclusive)).toBe(expected);
  });

  it.each([
    ['three decimals of quantity', line(1.234, 100)],
    ['a quantity that is not a number', line(Number.NaN, 100)],
    ['a fractional cent price', line(1, 10.5)],
    ['a discount above 100 %', line(1, 100, 120)],
    ['a negative discount', line(1, 100, -5)],
    ['a negative rate', line(1, 100, 0, -20)],
  ])('refuses %s with "cannot calculate total"', (_case, input) => {
    expect(() => lineTotal(input, false)).toThrow(CANNOT_CALCULATE_TOTAL);
  });
});

describe('documentTotals', () => {
  it('one rate: tax is the sum × rate', () => {
    expect(documentTotals([line(1, 10_000), line(2, 2_550)], false)).toEqual({
      lineTotals: [10_000, 5_100],
      preTaxAmount: 15_100,
      taxAmount: 3_020,
      totalAmount: 18_120,
      vatByRate: [{ rate: 20, base: 15_100, tax: 3_020 }],
    });
  });

  it('mixed rates: VAT per rate, highest first', () => {
    const totals = documentTotals([line(1, 5_000, 0, 10), line(1, 10_000), line(1, 1_010, 0, 5.5)], false);
    expect(totals.vatByRate).toEqual([
      { rate: 20, base: 10_000, tax: 2_000 },
      { rate: 10, base: 5_000, tax: 500 },
      { rate: 5.5, base: 1_010, tax: 56 },
    ]);
    expect(totals.preTaxAmount).toBe(16_010);
    expect(totals.taxAmount).toBe(2_556);
    expect(totals.totalAmount).toBe(18_566);
  });

  it('VAT rounds per rate, not per line', () => {
    // Three lines of 0,05 € at 20 %: 0,01 € of VAT each if rounded per line, 0,03 € per rate.
    expect(documentTotals([line(1, 5), line(1, 5), line(1, 5)], false).taxAmount).toBe(3);
  });

  it('a windscreen quote in TTC mode', () => {
    // Pare-brise 450 € TTC, pose 1,5 h à 78 € TTC, kit colle 24,90 € TTC remisé 10 %.
    // 450 + 117 + 22,41 = 589,41 € typed: the document owes 589,41 €, not a cent less.
    const totals = documentTotals([line(1, 45_000), line(1.5, 7_800), line(1, 2_490, 10)], true);
    expect(totals.lineTotals).toEqual([37_500, 9_750, 1_868]);
    expect(totals.preTaxAmount).toBe(49_118);
    expect(totals.taxAmount).toBe(9_823);
    expect(totals.totalAmount).toBe(58_941);
  });

  it('a credit note typed as 20,00 € TTC is a 20,00 € credit note', () => {
    const totals = documentTotals([line(-1, 2_000)], true);
    expect([totals.preTaxAmount, totals.taxAmount, totals.totalAmount]).toEqual([-1_667, -333, -2_000]);
  });

  it('shares a rate’s base out so that its lines add up to it: three lines of 10,00 € TTC', () => {
    // 30,00 / 1,2 = 25,00 HT; each line alone is 8,33 (8,333…): the cent left goes to a line.
    const totals = documentTotals([line(1, 1_000), line(1, 1_000), line(1, 1_000)], true);
    expect(totals.lineTotals).toEqual([834, 833, 833]);
    expect(totals.vatByRate).toEqual([{ rate: 20, base: 2_500, tax: 500 }]);
  });

  it('a credit note is the negative of its invoice', () => {
    const invoice = documentTotals([line(1, 10_000), line(3, 3_333, 10, 10)], true);
    const credit = documentTotals([line(-1, 10_000), line(-3, 3_333, 10, 10)], true);
    expect(credit.totalAmount).toBe(-invoice.totalAmount);
    expect(credit.taxAmount).toBe(-invoice.taxAmount);
  });

  it('no line: all zero', () => {
    expect(documentTotals([], false)).toEqual({
      lineTotals: [],
      preTaxAmount: 0,
      taxAmount: 0,
      totalAmount: 0,
      vatByRate: [],
    });
  });

  it('refuses a missing list of lines', () => {
    expect(() => documentTotals(undefined as unknown as AmountLine[], false)).toThrow(CANNOT_CALCULATE_TOTAL);
  });
});

describe('unitPriceBeforeTax', () => {
  it('is the typed price on a pre-tax document', () => {
    expect(unitPriceBeforeTax(4_550, 20, false)).toBe(4_550);
  });
  it('takes the VAT out of a tax-inclusive price, rounded to the cent', () => {
    expect(unitPriceBeforeTax(12_000, 20, true)).toBe(10_000);
    expect(unitPriceBeforeTax(9_999, 20, true)).toBe(8_333);
    expect(unitPriceBeforeTax(1_000, 5.5, true)).toBe(948);
    expect(unitPriceBeforeTax(1_000, 0, true)).toBe(1_000);
  });
});

describe('a tax-inclusive document owes what was typed', () => {
  const typedLine = fc.record({
    quantity: fc.integer({ min: -50_000, max: 50_000 }).map((hundredths) => hundredths / 100),
    unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
    discount: fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100),
    taxRate: fc.constantFrom(20, 10, 5.5, 2.1, 0),
  });
  /** What a person adds up from the lines as typed: quantity × price × (1 − discount), each rounded to the cent. */
  const typedTotal = (lines: AmountLine[]) =>
    lines.reduce((sum, each) => sum + documentTotals([each], false).preTaxAmount, 0);

  it('whatever the prices, quantities, discounts and rates: total = typed, lines = base, VAT ≈ base × rate', () => {
    fc.assert(
      fc.property(fc.array(typedLine, { maxLength: 12 }), (lines) => {
        const totals = documentTotals(lines, true);
        expect(totals.totalAmount).toBe(typedTotal(lines));
        expect(totals.lineTotals.reduce((sum, each) => sum + each, 0)).toBe(totals.preTaxAmount);
        expect(totals.vatByRate.reduce((sum, each) => sum + each.base, 0)).toBe(totals.preTaxAmount);
        for (const { rate, base, tax } of totals.vatByRate) {
          // EN 16931 BR-CO-17: a rate's VAT is its base × rate, rounded, within one currency unit.
          expect(Math.abs(tax - Math.round((base * rate) / 100))).toBeLessThanOrEqual(100);
        }
        // A credit note, the lines negated, mirrors the document to the cent.
        const credit = documentTotals(
          lines.map((each) => ({ ...each, quantity: -each.quantity })),
          true,
        );
        expect(credit.totalAmount + totals.totalAmount).toBe(0);
        expect(credit.taxAmount + totals.taxAmount).toBe(0);
      }),
      { numRuns: 2_000 },
    );
  });
});
