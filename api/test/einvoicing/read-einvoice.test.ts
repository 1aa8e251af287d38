import { withLuhnKey } from 'contracts';
import { describe, expect, it } from 'vitest';
import { newPdf } from '../../src/lib/pdf-document';
import { readEInvoice } from '../../src/modules/einvoicing/reading/read-einvoice';
import { supplierInvoiceFile } from '../../src/test-platform/supplier-invoice';
import { validate } from '../einvoice/official-rules';
import { partsInvoice } from './fixtures';

/*
 * A supplier's invoice read from each syntax a platform carries, to the cent; the files are first checked by the
 * official rules, so what is read is what a real supplier's compliant software sends.
 */

const GARAGE_SIREN = withLuhnKey('81234567');
const spec = partsInvoice(GARAGE_SIREN);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('reading a received e-invoice', () => {
  it('the fixtures pass the official rules (CII and UBL)', async () => {
    const cii = decode((await supplierInvoiceFile(spec, 'CII')).bytes);
    const ubl = decode((await supplierInvoiceFile(spec, 'UBL')).bytes);
    const credit = decode(
      (await supplierInvoiceFile({ ...spec, creditNote: { invoiceNumber: 'FA-1', invoiceDay: '2026-10-01' } }, 'UBL'))
        .bytes,
    );
    expect(validate({ cii }, 'cii')).toEqual({ cii: { schema: [], fatal: [] } });
    expect(validate({ ubl, credit }, 'ubl')).toEqual({
      ubl: { schema: [], fatal: [] },
      credit: { schema: [], fatal: [] },
    });
  });

  it.each(['Factur-X', 'CII', 'UBL'] as const)(
    'reads %s: parties, lines, VAT per rate and totals to the cent',
    async (syntax) => {
      const file = await supplierInvoiceFile(spec, syntax);
      const read = await readEInvoice(file.bytes);
      if (!read.ok) throw new Error(read.reason);
      expect(read.syntax).toBe(syntax);
      const invoice = read.invoice;
      expect(invoice).toMatchObject({
        typeCode: '380',
        creditNote: false,
        number: 'FA-2026-0412',
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        currency: 'EUR',
        seller: {
          name: 'Pare-Brise Distribution SAS',
          siren: spec.seller.siret.slice(0, 9),
          vatNumber: spec.seller.vatNumber,
        },
        buyer: { siren: GARAGE_SIREN },
      });
      expect(invoice.lines.map((line) => [line.name, line.total, Number(line.vatRate)])).toEqual([
        ['Pare-brise Clio V athermique', 37_980, 20],
        ['Kit de collage polyuréthane', 6_999, 20],
        ['Revue technique (livre)', 3_990, 5.5],
      ]);
      // 20 %: 449.79 € → 89.96 €; 5.5 %: 39.90 € → 2.19 € (2.1945 rounded).
      expect(invoice.taxes.map((tax) => [Number(tax.rate), tax.base, tax.tax])).toEqual([
        [20, 44_979, 8_996],
        [5.5, 3_990, 219],
      ]);
      expect(invoice.totals).toEqual({ preTax: 48_969, tax: 9_215, total: 58_184, due: 58_184 });
    },
  );

  it('reads a UBL credit note as such', async () => {
    const file = await supplierInvoiceFile(
      { ...spec, creditNote: { invoiceNumber: 'FA-1', invoiceDay: '2026-10-01' } },
      'UBL',
    );
    const read = await readEInvoice(file.bytes);
    expect(read.ok && read.invoice.creditNote).toBe(true);
  });

  it('keeps what it cannot read with a French reason, never an expense booked wrong', async () => {
    const cii = decode((await supplierInvoiceFile(spec, 'CII')).bytes);
    const plainPdf = await (await newPdf({ title: 'Scan', author: 'x', at: new Date() })).pdf;
    plainPdf.addPage();
    const cases: [Uint8Array, string][] = [
      [new Uint8Array(), 'Le fichier est vide'],
      [new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), 'PDF illisible'],
      [await plainPdf.save(), 'n’est pas une Factur-X'],
      [
        new TextEncoder().encode(
          '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
        ),
        'DOCTYPE',
      ],
      [new TextEncoder().encode('<commande><ligne/></commande>'), 'ni une facture CII ni une facture UBL'],
      [
        new TextEncoder().encode(cii.replace('<ram:GrandTotalAmount>581.84', '<ram:GrandTotalAmount>581.85')),
        'Les totaux ne concordent pas',
      ],
      [
        new TextEncoder().encode(cii.replace(/<ram:TaxBasisTotalAmount>[^<]*/, '<ram:TaxBasisTotalAmount>douze')),
        'Montant illisible pour le total HT',
      ],
    ];
    for (const [bytes, reason] of cases) {
      const read = await readEInvoice(bytes);
      expect(read.ok, reason).toBe(false);
      if (!read.ok) expect(read.reason).toContain(reason);
    }
  });
});
