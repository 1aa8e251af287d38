import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FEC_COLUMNS, parseFecAmount } from 'contracts';
import { loginAs } from './helpers';

/** The FEC's lines (ISO 8859-15) as records keyed by the 18 field names of its header. */
function fecRecords(bytes: Buffer) {
  const [header = '', ...rows] = new TextDecoder('iso-8859-15')
    .decode(bytes)
    .split(/\r\n|\n/)
    .filter(Boolean);
  const names = header.split('\t');
  return {
    header,
    records: rows.map((row) => {
      const fields = row.split('\t');
      return Object.fromEntries(names.map((name, index) => [name, fields[index] ?? ''])) as Record<string, string>;
    }),
  };
}

test('le comptable consulte les journaux du garage et télécharge son FEC : 18 zones, écritures équilibrées et numérotées', async ({
  page,
}) => {
  test.slow();
  await loginAs(page, 'comptable@demo.garage.fr');
  // In the accountant's side menu (its « Suite du menu » open by itself: the menu is short).
  await page.getByRole('menu', { name: 'Menu principal' }).getByRole('link', { name: 'Comptabilité' }).click();
  await expect(page).toHaveURL(/\/accounting$/);
  await expect(page.getByRole('heading', { name: 'Comptabilité', level: 1 })).toBeVisible();
  // The last closed fiscal year to start with, its journals balanced on screen.
  await expect(page.getByRole('combobox', { name: 'Période' })).toBeVisible();
  await expect(page.getByText(/^Exercice clos le \d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  await expect(page.getByText('Journaux de la période')).toBeVisible();
  await expect(page.getByText('Équilibré').first()).toBeVisible();
  await expect(page.getByRole('row', { name: /411/ }).first()).toBeVisible();
  await page.getByRole('tab', { name: /Banque \(BQ\)/ }).click();
  await expect(page.getByRole('row', { name: /512 Banque|5112 Chèques à encaisser/ }).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le FEC' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^421876541FEC\d{8}\.txt$/);
  const { header, records } = fecRecords(await readFile((await file.path()) ?? ''));
  expect(header).toBe(FEC_COLUMNS.join('\t'));
  expect(records.length).toBeGreaterThan(0);
  expect(records.every((record) => Object.keys(record).length === 18)).toBe(true);
  expect(new Set(records.map((record) => record.JournalCode))).toContain('VT');

  // Each entry balanced, each journal numbered 1, 2, 3… without a gap, every date AAAAMMJJ.
  const entries = new Map<string, { debit: number; credit: number }>();
  const numbers = new Map<string, string[]>();
  for (const record of records) {
    const key = `${record.JournalCode} ${record.EcritureNum}`;
    const entry = entries.get(key) ?? { debit: 0, credit: 0 };
    entry.debit += parseFecAmount(record.Debit ?? '') ?? Number.NaN;
    entry.credit += parseFecAmount(record.Credit ?? '') ?? Number.NaN;
    entries.set(key, entry);
    const seen = numbers.get(record.JournalCode ?? '') ?? [];
    if (seen.at(-1) !== record.EcritureNum) seen.push(record.EcritureNum ?? '');
    numbers.set(record.JournalCode ?? '', seen);
    expect(record.EcritureDate).toMatch(/^\d{8}$/);
    expect(record.ValidDate).toMatch(/^\d{8}$/);
  }
  for (const [key, entry] of entries) expect(entry.credit, key).toBe(entry.debit);
  for (const [journal, seen] of numbers) {
    expect(seen, journal).toEqual(seen.map((_, index) => String(index + 1)));
  }

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Journaux CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^journaux-\d{4}-\d{2}-\d{2}-au-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await csv.path()) ?? '', 'utf8');
  expect(text.slice(1).split('\r\n')[0]).toMatch(/^"Journal";"Libellé du journal";"N° d’écriture";"Date";"Compte"/);
});
