import { describe, expect, it } from 'vitest';
import { isValidSiret, vatMatchesSiret, vatNumberOf, withLuhnKey } from './company-ids';

describe('French company identifiers', () => {
  it('checks a SIRET with the Luhn rule', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('35600000000001')).toBe(true);
  });

  it('computes the VAT number of a SIREN and matches it to the SIRET', () => {
    expect(vatNumberOf('732829320')).toBe('FR44732829320');
    expect(vatMatchesSiret('FR 44 732829320', '73282932000074')).toBe(true);
    expect(vatMatchesSiret('FR45732829320', '73282932000074')).toBe(false);
  });
});

describe('withLuhnKey', () => {
  it('completes 13 digits into a SIRET that passes the check', () => {
    for (const base of ['9123456789012', '7300000000001', '0000000000000']) {
      const siret = withLuhnKey(base);
      expect(siret).toHaveLength(14);
      expect(siret.startsWith(base)).toBe(true);
      expect(isValidSiret(siret)).toBe(true);
    }
  });
});
