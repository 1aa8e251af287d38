import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatDateTime, formatNumber } from './format';

const NNBSP = '\u202f'; // narrow no-break space: French thousands separator and before €
const NBSP = '\u00a0';

describe('French formats', () => {
  it('groups thousands with a narrow no-break space and uses a decimal comma', () => {
    expect(formatNumber(1234567.891)).toBe(`1${NNBSP}234${NNBSP}567,891`);
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-42.5)).toBe('-42,5');
  });

  it('formats cents as euros: "1 234,50 €"', () => {
    const money = formatCents(123450);
    expect(money).toMatch(new RegExp(`^1${NNBSP}234,50[${NNBSP}${NBSP}]€$`));
    expect(formatCents(0).replace(/\s/g, ' ')).toBe('0,00 €');
    expect(formatCents(-1999).replace(/\s/g, ' ')).toBe('-19,99 €');
  });

  it('formats dates as dd/mm/yyyy', () => {
    expect(formatDate(new Date(2024, 4, 2))).toBe('02/05/2024');
    expect(formatDate('2024-12-31T10:00:00')).toBe('31/12/2024');
    expect(formatDateTime(new Date(2024, 4, 2, 14, 5))).toBe('02/05/2024 14:05');
  });
});
