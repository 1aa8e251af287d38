import { describe, expect, it } from 'vitest';
import { guessMapping, headerKey } from './imports';

describe('guessMapping', () => {
  it('matches French headers whatever their accents, case and punctuation', () => {
    const mapping = guessMapping([
      'N° Client',
      'NOM',
      'Prénom',
      'Tél.',
      'Courriel',
      'C.P.',
      'Ville',
      'Immat.',
      'N° de série',
    ]);
    expect(mapping).toMatchObject({ externalId: 0, lastName: 1, firstName: 2, phone: 3, email: 4, postalCode: 5 });
    expect(mapping).toMatchObject({ city: 6, plate: 7, vin: 8, brand: null, mileage: null });
  });

  it('matches English exports, and a header that starts with a known name', () => {
    const mapping = guessMapping([
      'Customer ID',
      'Last name',
      'First name',
      'Mobile phone',
      'Email address',
      'Registration number',
      'Make',
      'Model',
      'Odometer',
    ]);
    expect(mapping).toMatchObject({ externalId: 0, lastName: 1, firstName: 2, phone: 3, email: 4, plate: 5, brand: 6 });
    expect(mapping).toMatchObject({ model: 7, mileage: 8 });
  });

  it('gives a column to one field only, and leaves unknown columns out', () => {
    const mapping = guessMapping(['Nom', 'Nom', 'Remarques']);
    expect(mapping.lastName).toBe(0);
    expect(Object.values(mapping).filter((index) => index === 1)).toEqual([]);
    expect(Object.values(mapping).includes(2)).toBe(false);
    expect(headerKey('  Téléphone  portable ')).toBe('telephone portable');
  });
});
