import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readTable, UnreadableTable } from './table-file';

const windows1252 = (text: string) =>
  Uint8Array.from([...text].map((char) => ({ é: 0xe9, è: 0xe8, ç: 0xe7, '€': 0x80 })[char] ?? char.charCodeAt(0)));

describe('readTable', () => {
  it('reads a Windows-1252 CSV with semicolons, quoted fields and blank lines', async () => {
    const table = await readTable(
      windows1252(
        'Nom;Prénom;Ville\r\n"Dupont; fils";Hélène;"Saint-\r\nÉtienne"\r\n\r\nMartin;"Jo ""le garagiste""";Lyon\r\n',
      ),
    );
    expect(table).toMatchObject({ encoding: 'Windows-1252', delimiter: ';', headers: ['Nom', 'Prénom', 'Ville'] });
    expect(table.rows).toEqual([
      ['Dupont; fils', 'Hélène', 'Saint-\r\nÉtienne'.replace('É', String.fromCharCode(0xc9))],
      ['Martin', 'Jo "le garagiste"', 'Lyon'],
    ]);
    // The second record starts on line 2 and spans two lines; the blank line 4 is skipped.
    expect(table.lines).toEqual([2, 5]);
  });

  it('reads Windows-1252’s own characters: the euro sign, œ, the typographic apostrophe', async () => {
    const bytes = Uint8Array.from([
      ...Buffer.from('Nom;Prix\r\nC', 'latin1'),
      0x9c,
      ...Buffer.from('ur d', 'latin1'),
      0x92,
      ...Buffer.from('or;12 ', 'latin1'),
      0x80,
    ]);
    const table = await readTable(bytes);
    expect(table.rows).toEqual([['Cœur d’or', '12 €']]);
  });

  it('reads UTF-8 with its byte-order mark and commas', async () => {
    const bytes = new TextEncoder().encode('\ufeffname,city\nRenée,Nîmes');
    const table = await readTable(bytes);
    expect(table).toMatchObject({
      encoding: 'UTF-8',
      delimiter: ',',
      headers: ['name', 'city'],
      rows: [['Renée', 'Nîmes']],
    });
  });

  it('reads the first sheet of an Excel workbook, dates as a French reader writes them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(['Nom', 'Immatriculation', 'Date', 'Km']);
    sheet.addRow(['Durand', 'AB-123-CD', new Date(Date.UTC(2024, 11, 31)), 45210]);
    const table = await readTable(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(table).toMatchObject({ encoding: 'Excel', headers: ['Nom', 'Immatriculation', 'Date', 'Km'] });
    expect(table.rows).toEqual([['Durand', 'AB-123-CD', '31/12/2024', '45210']]);
  });

  it('refuses a file that is no table', async () => {
    await expect(readTable(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2]))).rejects.toBeInstanceOf(UnreadableTable);
    await expect(readTable(new TextEncoder().encode('\n\n'))).rejects.toBeInstanceOf(UnreadableTable);
  });
});
