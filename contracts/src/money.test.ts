import { describe, expect, it } from 'vitest';
import { centsToText, formatEurosText, parseEuros } from './money';

describe('parseEuros', () => {
  it('reads what a French user types as integer cents', () => {
    expect(parseEuros('1 234,56')).toBe(123456);
    expect(parseEuros('1234.5')).toBe(123450);
    expect(parseEuros('12 €')).toBe(1200);
    expect(parseEuros(0.1)).toBe(10);
    expect(parseEuros('-3,20')).toBe(-320);
    // 0.1 + 0.2 never happens: digits are read, not multiplied as floats.
    expect(parseEuros('19,99')).toBe(1999);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const text of ['', 'abc', '12,345', '1,2,3', '--1', '1e3']) expect(parseEuros(text)).toBeUndefined();
  });
});

describe('formatEurosText', () => {
  it.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [123456, '1 234,56 €'],
    [-8333, '-83,33 €'],
    [100000000, '1 000 000,00 €'],
  ])('%i cents -> %s', (cents, text) => {
    expect(formatEurosText(cents)).toBe(text);
  });
});

describe('centsToText', () => {
  it('writes cents as typed, and parseEuros reads them back', () => {
    expect(centsToText(123450)).toBe('1234,50');
    expect(centsToText(5)).toBe('0,05');
    expect(centsToText(-1999)).toBe('-19,99');
    for (const cents of [0, 1, 99, 100, 123456, -7]) expect(parseEuros(centsToText(cents))).toBe(cents);
  });
});
