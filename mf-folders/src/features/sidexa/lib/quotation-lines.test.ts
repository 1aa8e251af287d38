import { describe, expect, it } from 'vitest';
import { clioResult, golfPriced } from '../test-fixtures';
import { audatexOf, preTaxTotal, rateCentsOf, toQuotationLines, withHourlyRate } from './quotation-lines';

describe('quotation lines', () => {
  it('copies the hourly rate into the lines priced in hours only', () => {
    const priced = withHourlyRate(clioResult.lines, 5_850);
    expect(priced.map((line) => [line.codpiece, line.unit, line.preTaxAmount])).toEqual([
      ['PB', 'u', 41_230],
      ['PB-MO', 'h', 5_850],
      ['PB-KIT', 'u', 3_490],
    ]);
    // 412,30 + 1,5 h × 58,50 + 34,90 = 534,95 HT.
    expect(preTaxTotal(priced)).toBe(53_495);
  });

  it('reads the rate as typed in French', () => {
    expect(rateCentsOf('58,50')).toBe(5_850);
    expect(rateCentsOf('60')).toBe(6_000);
    expect(rateCentsOf('')).toBeUndefined();
    expect(rateCentsOf('abc')).toBeUndefined();
  });

  it('hands billing its lines: euros as text, the reference as details, VAT 20 %, labour in hours', () => {
    expect(toQuotationLines(withHourlyRate(golfPriced, 6_000))).toEqual([
      {
        title: 'Pare-brise avec capteur de pluie',
        productId: null,
        details: '5G0845011B-EC',
        quantity: 1,
        preTaxAmount: '456,00',
        remise: 0,
        position: 1,
        addToStock: false,
        taxRate: 20,
        unit: 'C62',
        partOrigin: 'equivalent',
      },
      expect.objectContaining({ position: 2, quantity: 1.5, preTaxAmount: '60,00', details: '', unit: 'HUR' }),
      expect.objectContaining({ position: 3, preTaxAmount: '34,90', details: 'KIT-PU', unit: 'C62', partOrigin: null }),
    ]);
    // A line still without a price is left for the garage to type.
    expect(toQuotationLines(clioResult.lines)[1]?.preTaxAmount).toBe('');
  });

  it('finds the vehicle’s Audatex code on its variants', () => {
    expect(audatexOf(clioResult.lines)).toBe('RE-CLIO5');
    expect(audatexOf([])).toBe('');
  });
});
