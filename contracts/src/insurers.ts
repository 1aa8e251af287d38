import { vatNumberOf } from './company-ids';
import type { Insurer } from './folders';

/*
 * The head offices of the insurers a folder names (public registers, SIRENs checked by their Luhn key): what an
 * insurer invoice prints about its buyer. Seed data for the insurer directory; a garage checks them before real use.
 */
interface InsurerOffice {
  legalName: string;
  siren: string;
  address: string;
  postalCode: string;
  city: string;
}

export const INSURER_OFFICES: Record<Exclude<Insurer, 'Sans assurance'>, InsurerOffice> = {
  AXA: {
    legalName: 'AXA France IARD',
    siren: '722057460',
    address: '313 Terrasses de l’Arche',
    postalCode: '92000',
    city: 'Nanterre',
  },
  MAIF: {
    legalName: 'MAIF',
    siren: '775709702',
    address: '200 avenue Salvador Allende',
    postalCode: '79000',
    city: 'Niort',
  },
  MACIF: {
    legalName: 'MACIF',
    siren: '781452511',
    address: '1 rue Jacques Vandier',
    postalCode: '79000',
    city: 'Niort',
  },
  Allianz: {
    legalName: 'Allianz IARD',
    siren: '542110291',
    address: '1 cours Michelet',
    postalCode: '92800',
    city: 'Puteaux',
  },
  Groupama: {
    legalName: 'Groupama Assurances Mutuelles',
    siren: '343115135',
    address: '8-10 rue d’Astorg',
    postalCode: '75008',
    city: 'Paris',
  },
  GMF: {
    legalName: 'GMF Assurances',
    siren: '398972901',
    address: '148 rue Anatole France',
    postalCode: '92300',
    city: 'Levallois-Perret',
  },
  Matmut: {
    legalName: 'Matmut',
    siren: '775701477',
    address: '66 rue de Sotteville',
    postalCode: '76100',
    city: 'Rouen',
  },
  MMA: {
    legalName: 'MMA IARD',
    siren: '440048882',
    address: '14 boulevard Marie et Alexandre Oyon',
    postalCode: '72000',
    city: 'Le Mans',
  },
  Generali: {
    legalName: 'Generali IARD',
    siren: '552062663',
    address: '2 rue Pillet-Will',
    postalCode: '75009',
    city: 'Paris',
  },
  Pacifica: {
    legalName: 'Pacifica',
    siren: '352358865',
    address: '8-10 boulevard de Vaugirard',
    postalCode: '75015',
    city: 'Paris',
  },
  MAAF: { legalName: 'MAAF Assurances', siren: '781423280', address: 'Chaban', postalCode: '79180', city: 'Chauray' },
  'Direct Assurance': {
    legalName: 'Avanssur (Direct Assurance)',
    siren: '378393946',
    address: '48 rue Carnot',
    postalCode: '92150',
    city: 'Suresnes',
  },
  Covéa: {
    legalName: 'Covéa',
    siren: '450527916',
    address: '86-90 rue Saint-Lazare',
    postalCode: '75009',
    city: 'Paris',
  },
  Aviva: {
    legalName: 'Abeille IARD & Santé (ex-Aviva)',
    siren: '306522665',
    address: '80 avenue de l’Europe',
    postalCode: '92270',
    city: 'Bois-Colombes',
  },
};

/** The buyer fields of a known insurer (its VAT number derived from its SIREN), or undefined. */
export function insurerOffice(name: string) {
  const office = INSURER_OFFICES[name as keyof typeof INSURER_OFFICES];
  if (!office) return undefined;
  return { ...office, vatNumber: vatNumberOf(office.siren) };
}
