import { describe, expect, it } from 'vitest';
import { buyerVatProblem, isValidSiret, vatMatchesSiret, vatNumberOf, withLuhnKey } from './company-ids';

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

describe('buyerVatProblem', () => {
  it('accepts the French VAT number of the buyer’s SIREN, spaced or not, and foreign or empty numbers', () => {
    expect(buyerVatProblem('FR96552100554', '552100554')).toBeUndefined();
    expect(buyerVatProblem('fr 96 552 100 554', '552 100 554')).toBeUndefined();
    expect(buyerVatProblem('FR96552100554', '')).toBeUndefined();
    expect(buyerVatProblem('DE123456789', '552100554')).toBeUndefined();
    expect(buyerVatProblem('', '552100554')).toBeUndefined();
  });

  it('refuses a wrong key, another company’s SIREN and a malformed French number, in French', () => {
    expect(buyerVatProblem('FR11552100554', '552100554')).toBe(
      'Numéro de TVA de l’acheteur invalide : la clé du SIREN 552100554 donne FR96552100554',
    );
    expect(buyerVatProblem('FR96552100554', '775709702')).toBe(
      `Numéro de TVA de l’acheteur invalide : pour le SIREN 775709702, c’est ${vatNumberOf('775709702')}`,
    );
    expect(buyerVatProblem('FR9655210055', '')).toMatch(/^Numéro de TVA de l’acheteur invalide/);
  });
});
