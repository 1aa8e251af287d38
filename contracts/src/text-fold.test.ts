import { describe, expect, it } from 'vitest';
import { foldForSearch, labelMatches } from './text-fold';

describe('a search in the browser', () => {
  it('finds a label whatever its accents and case', () => {
    expect(foldForSearch('Véhicule PRÊT')).toBe('vehicule pret');
    expect(labelMatches('vehicule pret', 'Véhicule prêt (rappel)')).toBe(true);
    expect(labelMatches('  rappel ', 'Véhicule prêt (rappel)')).toBe(true);
    expect(labelMatches('relance', 'Véhicule prêt')).toBe(false);
  });
});
