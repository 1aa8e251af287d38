import { vatNumberOf, withLuhnKey } from 'contracts';
import type { SupplierInvoiceSpec } from '../../src/test-platform/supplier-invoice';

/** A parts supplier's invoice to a garage of SIREN `buyerSiren`: two rates, so the VAT breakdown is checked too. */
export function partsInvoice(buyerSiren: string, number = 'FA-2026-0412'): SupplierInvoiceSpec {
  const siren = withLuhnKey('55234163');
  const siret = withLuhnKey(`${siren}0001`);
  return {
    number,
    issueDay: '2026-11-02',
    dueDay: '2026-12-02',
    seller: {
      name: 'Pare-Brise Distribution SAS',
      siret,
      vatNumber: vatNumberOf(siren),
      address: '12 rue des Verriers',
      postcode: '69007',
      city: 'Lyon',
    },
    buyer: { name: 'Garage de test', siren: buyerSiren, address: '1 rue du Garage', postcode: '75001', city: 'Paris' },
    lines: [
      { name: 'Pare-brise Clio V athermique', quantity: 2, unitCents: 18_990, rate: 20 },
      { name: 'Kit de collage polyuréthane', quantity: 3, unitCents: 2_333, rate: 20 },
      { name: 'Revue technique (livre)', quantity: 1, unitCents: 3_990, rate: 5.5 },
    ],
  };
}
