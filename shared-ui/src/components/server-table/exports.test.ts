import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportColumn, plainText, toCsv, toPrintHtml, toXlsx } from './exports';

interface Payment {
  name: string;
  amount: number;
  comment: string;
}

const columns: ExportColumn<Payment>[] = [
  { key: 'name', title: 'Dossier' },
  { key: 'amount', title: 'Montant' },
  { key: 'comment', title: 'Commentaire' },
];
const rows: Payment[] = [
  { name: 'AB-123-CD', amount: 1234.5, comment: 'Pare-brise "MAAF"; franchise' },
  { name: '<a href="/folder/show/7">EF-456-GH</a>', amount: 80, comment: 'AXA & co' },
];

describe('toCsv', () => {
  it('starts with a byte-order mark, separates with ";" and quotes every field', () => {
    const csv = toCsv(rows, columns);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('"Dossier";"Montant";"Commentaire"');
    expect(lines[1]).toBe('"AB-123-CD";"1234.5";"Pare-brise ""MAAF""; franchise"');
    expect(lines[2]).toBe('"EF-456-GH";"80";"AXA & co"');
  });

  it('encodes as UTF-8 bytes EF BB BF first', () => {
    const bytes = new TextEncoder().encode(toCsv([], columns));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('uses a column value function when given', () => {
    const csv = toCsv(rows, [{ key: 'amount', title: 'Montant', value: (row) => `${row.amount} €` }]);
    expect(csv).toContain('"1234.5 €"');
  });
});

describe('toXlsx', () => {
  it('writes sheet "Données" with a bold header and the given widths', async () => {
    const bytes = await toXlsx(rows, columns, { name: 30, amount: 20, comment: 40 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.slice().buffer as ArrayBuffer);
    const sheet = book.getWorksheet('Données');
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(sheet.getCell('A1').value).toBe('Dossier');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('C1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).not.toBe(true);
    expect(sheet.getCell('B2').value).toBe(1234.5);
    expect(sheet.getCell('A3').value).toBe('EF-456-GH');
    // Excel stores a width as characters plus a little cell padding (< 1 character).
    const widths = [1, 2, 3].map((index) => Math.floor(sheet.getColumn(index).width ?? 0));
    expect(widths).toEqual([30, 20, 40]);
  });
});

describe('toPrintHtml / plainText', () => {
  it('titles the page with the file name and escapes server values', () => {
    const html = toPrintHtml(
      [{ name: '<img src=x onerror=alert(1)>', amount: 1, comment: '' }],
      columns,
      'export-payment-prit',
    );
    expect(html).toContain('<title>export-payment-prit</title>');
    expect(html).not.toContain('<img');
  });

  it('strips tags and decodes common entities', () => {
    expect(plainText('<b>Facture</b> &amp; avoir')).toBe('Facture & avoir');
    expect(plainText(null)).toBe('');
    expect(plainText(true)).toBe('Oui');
  });
});
