import { describe, expect, it } from 'vitest';
import { deductibleOf, deductibleTermsLabel, NO_DEDUCTIBLE } from './deductible';
import { folderCreateBodySchema } from './folders';

describe('the deductible of a job', () => {
  it('is the fixed amount, never more than the work', () => {
    const terms = { ...NO_DEDUCTIBLE, amount: 15_000 };
    expect(deductibleOf(terms, 65_500)).toBe(15_000);
    expect(deductibleOf(terms, 9_000)).toBe(9_000);
    expect(deductibleOf(terms, 0)).toBe(0);
  });

  it('is the percentage of the work rounded to the cent, at least its minimum, at most the work', () => {
    const terms = { amount: null, percent: 1_050, minimum: 7_600 };
    expect(deductibleOf(terms, 120_001)).toBe(12_600);
    expect(deductibleOf(terms, 36_000)).toBe(7_600);
    expect(deductibleOf(terms, 5_000)).toBe(5_000);
    expect(deductibleOf({ ...terms, minimum: null }, 36_000)).toBe(3_780);
  });

  it('is nothing without terms, and prints as the policy says it', () => {
    expect(deductibleOf(NO_DEDUCTIBLE, 65_500)).toBe(0);
    expect(deductibleTermsLabel(NO_DEDUCTIBLE)).toBeNull();
    expect(deductibleTermsLabel({ ...NO_DEDUCTIBLE, amount: 15_000 })).toBe('150,00 €');
    expect(deductibleTermsLabel({ amount: null, percent: 1_050, minimum: 7_600 })).toBe(
      '10,5 % des travaux, 76,00 € au minimum',
    );
  });

  it('is typed on the folder as euros or a percentage, with French messages', () => {
    const base = { lastName: 'Testeur', plate: 'AB-123-CD' };
    expect(folderCreateBodySchema.parse({ ...base, deductibleAmount: '150,50' }).deductibleAmount).toBe(15_050);
    expect(folderCreateBodySchema.parse({ ...base, deductiblePercent: '10 %' }).deductiblePercent).toBe(1_000);
    expect(folderCreateBodySchema.parse({ ...base, deductibleAmount: '' }).deductibleAmount).toBeUndefined();
    const messages = (body: object) =>
      folderCreateBodySchema.safeParse({ ...base, ...body }).error?.issues.map((issue) => issue.message);
    expect(messages({ deductibleAmount: 'cent' })).toEqual(['Franchise : un montant en euros (150 ou 150,50)']);
    expect(messages({ deductiblePercent: '0' })).toEqual(['Franchise : un pourcentage entre 0 et 100 (10 ou 10,5)']);
    expect(messages({ deductibleMinimum: '76' })).toEqual(['Un minimum de franchise va avec un pourcentage']);
  });
});
