import { describe, expect, it } from 'vitest';
import type { BillingParty } from './billing';
import {
  issueRefusal,
  missingBuyerMentions,
  missingDocumentMentions,
  missingSellerMentions,
  registryMention,
} from './billing-mentions';

const seller = {
  name: 'Garage du Rhône',
  address: '12 rue de la République',
  postalCode: '69002',
  city: 'Lyon',
  siret: '82345678500018',
  vatNumber: 'FR65823456785',
  vatExemption: null,
  legalForm: 'SARL',
  shareCapital: 1_000_000,
  registryKind: 'RCS',
  registryPlace: 'Lyon',
};
const buyer: BillingParty = {
  name: 'Jeanne Martin',
  address: '3 place Bellecour',
  postalCode: '69002',
  city: 'Lyon',
  siren: '',
  vatNumber: '',
  email: '',
  isBusiness: false,
};

describe('the issue-time gate', () => {
  it('lets a complete invoice through, and never gates a quote or a purchase order', () => {
    expect(issueRefusal('invoice', seller, buyer)).toBeUndefined();
    expect(issueRefusal('quotation', { ...seller, siret: null }, { ...buyer, address: '' })).toBeUndefined();
  });

  it('names each missing mention of the seller', () => {
    expect(missingSellerMentions({ ...seller, city: '' })).toEqual(['l’adresse complète du garage']);
    expect(missingSellerMentions({ ...seller, siret: '82345678500019' })).toEqual(['un SIRET valide (BR-FR-10)']);
    expect(missingSellerMentions({ ...seller, legalForm: null })).toEqual(['la forme juridique']);
    expect(missingSellerMentions({ ...seller, shareCapital: null })).toEqual(['le capital social']);
    expect(missingSellerMentions({ ...seller, legalForm: 'EI', shareCapital: null })).toEqual([]);
    expect(missingSellerMentions({ ...seller, registryPlace: ' ' })).toEqual([
      'l’immatriculation (RCS et ville du greffe, ou RM et département)',
    ]);
    expect(missingSellerMentions({ ...seller, vatNumber: null })).toEqual([
      'le n° de TVA intracommunautaire ou la mention d’exonération',
    ]);
    expect(
      missingSellerMentions({ ...seller, vatNumber: null, vatExemption: 'TVA non applicable, art. 293 B du CGI' }),
    ).toEqual([]);
  });

  it('names each missing mention of the buyer; a business buyer needs a Luhn-valid SIREN', () => {
    expect(missingBuyerMentions({ ...buyer, postalCode: '' })).toEqual(['l’adresse complète de l’acheteur']);
    expect(missingBuyerMentions({ ...buyer, isBusiness: true, siren: '823456788' })).toEqual([
      'le SIREN valide de l’acheteur professionnel (BR-FR-11)',
    ]);
    expect(missingBuyerMentions({ ...buyer, isBusiness: true, siren: '823 456 785' })).toEqual([]);
  });

  it('asks why a 0 % line bears no VAT, unless the garage charges none at all', () => {
    const zeroLine = { lineRates: [20, 0], exemptionReason: '' };
    expect(missingDocumentMentions(seller, zeroLine)).toEqual(['le motif d’exonération des lignes à 0 % de TVA']);
    expect(missingDocumentMentions(seller, { ...zeroLine, exemptionReason: 'Débours' })).toEqual([]);
    expect(missingDocumentMentions(seller, { lineRates: [20, 10], exemptionReason: '' })).toEqual([]);
    const franchise = { ...seller, vatNumber: null, vatExemption: 'TVA non applicable, art. 293 B du CGI' };
    expect(missingDocumentMentions(franchise, { lineRates: [0], exemptionReason: '' })).toEqual([]);
    expect(issueRefusal('invoice', seller, buyer, zeroLine)).toContain(
      'sur le document : le motif d’exonération des lignes à 0 % de TVA',
    );
  });

  it('says where to fill what is missing, in one French sentence', () => {
    expect(issueRefusal('credit-note', { ...seller, legalForm: null }, { ...buyer, address: '' })).toBe(
      'Émission impossible, mentions obligatoires manquantes dans « Ma société » : la forme juridique ; sur le document : l’adresse complète de l’acheteur. Rien n’a été émis.',
    );
  });

  it('prints the register chosen by the garage, its place and the SIREN', () => {
    expect(registryMention(seller)).toBe('RCS Lyon 823 456 785');
    expect(registryMention({ ...seller, registryKind: 'RM', registryPlace: 'Rhône' })).toBe('RM Rhône 823 456 785');
    expect(registryMention({ ...seller, registryKind: null })).toBe('');
  });
});
