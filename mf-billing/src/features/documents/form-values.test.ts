import { CANNOT_CALCULATE_TOTAL, DOCUMENT_TYPE_CODES, documentBodySchema } from 'contracts';
import { describe, expect, it } from 'vitest';
import {
  type DocumentFormValues,
  type LineValues,
  liveTotals,
  newDocumentValues,
  newLine,
  toDocumentBody,
} from './form-values';

const line = (overrides: Partial<LineValues>): LineValues => ({ ...newLine(0, 20, 1), ...overrides });

describe('the form values of a document', () => {
  it('starts a credit note with a quantity of -1 and the others with 1 (docs/product.md)', () => {
    expect(newDocumentValues('credit-note').lines[0]?.quantity).toBe('-1');
    expect(newLine(DOCUMENT_TYPE_CODES['credit-note'], 20, 1).quantity).toBe('-1');
    for (const type of ['quotation', 'invoice', 'purchase-order'] as const) {
      expect(newLine(DOCUMENT_TYPE_CODES[type], 20, 1).quantity).toBe('1');
    }
  });

  it('gives a new line the document’s rate, or 20 % when it has none', () => {
    expect(newLine(0, 5.5, 1).taxRate).toBe(5.5);
    expect(newLine(0, 7, 1).taxRate).toBe(20);
    expect(newLine(0, undefined, 1).taxRate).toBe(20);
  });

  it('computes TTC prices with a discount over several rates: the document owes what was typed (docs/product.md)', () => {
    const live = liveTotals(
      [
        line({ quantity: '2', unitPrice: '120,00', remise: '10', taxRate: 20 }),
        line({ quantity: '1', unitPrice: '55', remise: '', taxRate: 10 }),
        line({ quantity: '1', unitPrice: '10,00', remise: '0', taxRate: 5.5 }),
      ],
      true,
    );
    // 216 TTC / 1.2 = 180; 55 / 1.1 = 50; 10 / 1.055 = 9.478… rounded to 9.48, its VAT 0.52: 281.00 as typed.
    expect(live.lineTotals).toEqual([18_000, 5_000, 948]);
    expect(live.totals).toMatchObject({ preTaxAmount: 23_948, taxAmount: 4_152, totalAmount: 28_100 });
    expect(live.totals?.vatByRate).toEqual([
      { rate: 20, base: 18_000, tax: 3_600 },
      { rate: 10, base: 5_000, tax: 500 },
      { rate: 5.5, base: 948, tax: 52 },
    ]);
    expect(live.error).toBeUndefined();
  });

  it('counts what is not typed yet as 0, and says "cannot calculate total" for what cannot be read', () => {
    expect(liveTotals([line({ unitPrice: '' })], false).totals?.totalAmount).toBe(0);
    const unreadable = liveTotals([line({ unitPrice: '12,50' }), line({ unitPrice: '12,5x' })], false);
    expect(unreadable.error).toBe(CANNOT_CALCULATE_TOTAL);
    expect(unreadable.totals).toBeUndefined();
    expect(unreadable.lineTotals).toEqual([1_250, undefined]);
    // Three decimals of quantity: the amounts function refuses it, the form does not crash.
    expect(liveTotals([line({ quantity: '1,125', unitPrice: '10' })], false).error).toBe(CANNOT_CALCULATE_TOTAL);
  });

  it('sends the lines in visible order as positions 1..n, French decimals read by the contract', () => {
    const values: DocumentFormValues = {
      ...newDocumentValues('invoice'),
      lines: [
        line({ position: 2, title: 'Pare-brise', quantity: '1,5', unitPrice: '329,00', remise: '2,5' }),
        line({ position: 1, title: 'Pose', quantity: '1', unitPrice: '80' }),
      ],
    };
    const { type, body } = toDocumentBody(values, 7);
    expect(type).toBe('invoice');
    const parsed = documentBodySchema.parse(body);
    expect(parsed.folderId).toBe(7);
    expect(parsed.customer).toBeNull();
    expect(
      parsed.lines.map((sent) => [sent.position, sent.title, sent.quantity, sent.preTaxAmount, sent.remise]),
    ).toEqual([
      [1, 'Pare-brise', 1.5, 32_900, 2.5],
      [2, 'Pose', 1, 8_000, 0],
    ]);
  });
});
