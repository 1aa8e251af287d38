import { createHash } from 'node:crypto';
import {
  ACCOUNTING_PATHS,
  accountingSummarySchema,
  fecFileName,
  fiscalYearAround,
  journalLineListResponseSchema,
  journalsFileName,
  parisToday,
} from 'contracts';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEvents } from '../../src/db/schema';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, multipart, ownTestGarage } from '../helpers';

/*
 * The journals on screen and in CSV or Excel: one journal's lines a page at a time in entry order, the
 * journals' totals and VAT, the downloads logged with their digest.
 */

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof ownTestGarage>>;
const year = fiscalYearAround(parisToday(), 1);
const query = `from=${year.from}&to=${year.to}`;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  owner = await ownTestGarage(app);
  const docs = billing(app, owner.cookie);
  for (const [name, euros] of [
    ['Anne Martin', '100,00'],
    ['Bruno Petit', '250,00'],
  ] as const) {
    const invoice = await docs.issue(
      await docs.create('invoice', body({ customer: { name }, lines: [line({ preTaxAmount: euros })] })),
    );
    const paid = await docs.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '50,00', type: 'transfer' });
    expect(paid.statusCode, paid.body).toBe(201);
  }
  const form = await multipart({
    label: 'Loyer atelier',
    category: 'Loyer et charges',
    date: parisToday(),
    preTaxAmount: '800,00',
    taxAmount: '160,00',
    supplierName: 'SCI du Port',
  });
  const expense = await app.inject({
    method: 'POST',
    url: '/api/expense',
    headers: { cookie: owner.cookie, ...form.headers },
    payload: form.payload,
  });
  expect(expense.statusCode, expense.body).toBe(201);
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
const lastEvent = async () =>
  (
    await app.db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.companyId, owner.companyId))
      .orderBy(desc(ledgerEvents.seq))
      .limit(1)
  )[0];

describe('journals on screen', () => {
  it('sums each journal, balanced, with the sales’ VAT per rate and the deductible VAT, and names the FEC', async () => {
    const answer = await get(`${ACCOUNTING_PATHS.summary(owner.companyId)}?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const summary = accountingSummarySchema.parse(answer.json());
    const settings = (await get(ACCOUNTING_PATHS.settings(owner.companyId))).json();
    expect(summary).toMatchObject({
      from: year.from,
      to: year.to,
      fecFileName: fecFileName(settings.siren, year.to),
      vat: [{ rate: 20, base: 35_000, tax: 7_000 }],
      deductibleVat: 16_000,
      journals: [
        { code: 'AN', label: 'Reprise (à-nouveaux)', entries: 0, debit: 0, credit: 0 },
        { code: 'VT', label: 'Ventes', entries: 2, debit: 42_000, credit: 42_000 },
        { code: 'BQ', label: 'Banque', entries: 2, debit: 10_000, credit: 10_000 },
        { code: 'CA', label: 'Caisse', entries: 0, debit: 0, credit: 0 },
        { code: 'AC', label: 'Achats', entries: 1, debit: 96_000, credit: 96_000 },
      ],
    });
  });

  it('lists one journal’s lines a page at a time in entry order, and finds them by account, party or label', async () => {
    const page = async (extra: string) => {
      const answer = await get(`${ACCOUNTING_PATHS.entries(owner.companyId)}?${query}&${extra}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return journalLineListResponseSchema.parse(answer.json());
    };
    const first = await page('journal=VT&page=1&pageSize=4');
    expect(first.totalRecords).toBe(6);
    expect(first.data.map((row) => [row.entryNumber, row.account, row.debit, row.credit])).toEqual([
      [1, '411', 12_000, 0],
      [1, '707', 0, 10_000],
      [1, '445711', 0, 2_000],
      [2, '411', 30_000, 0],
    ]);
    expect(first.data[0]).toMatchObject({ journal: 'VT', auxLabel: 'Anne Martin', date: parisToday() });
    expect((await page('journal=VT&page=2&pageSize=4')).data.map((row) => row.id)).toEqual(['VT-2-2', 'VT-2-3']);
    const bruno = await page('journal=VT&search=bruno');
    expect(bruno.data.map((row) => row.entryNumber)).toEqual([2, 2, 2]);
    const vat = await page('journal=VT&search=tva collect');
    expect(vat.data.map((row) => row.account)).toEqual(['445711', '445711']);
    const rent = await page('journal=AC');
    expect(rent.data.map((row) => [row.account, row.auxAccount])).toEqual([
      ['6132', ''],
      ['445661', ''],
      ['401', '401SCIDUPORT'],
    ]);
  });
});

describe('journals downloaded', () => {
  it('writes every journal’s lines as a French CSV, logged with its digest', async () => {
    const file = await get(ACCOUNTING_PATHS.journals(owner.companyId, year, 'csv'));
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain(journalsFileName(year.from, year.to, 'csv'));
    const [header, ...rows] = file.body.slice(1).trim().split('\r\n');
    expect(header).toBe(
      '"Journal";"Libellé du journal";"N° d’écriture";"Date";"Compte";"Libellé du compte";"Compte auxiliaire";"Libellé auxiliaire";"Pièce";"Date de la pièce";"Libellé";"Débit";"Crédit";"Date de validation"',
    );
    expect(rows).toHaveLength(6 + 4 + 3);
    expect(rows[0]).toMatch(
      /^"VT";"Ventes";"1";"\d{2}\/\d{2}\/\d{4}";"411";"Clients";"411ANNEMARTIN";"Anne Martin";"F-/,
    );
    expect(rows[0]).toMatch(/"Facture F-\d{4}-00001 Anne Martin";"120,00";"0,00";/);
    expect(await lastEvent()).toMatchObject({
      kind: 'export',
      details: {
        export: 'journals',
        fileName: journalsFileName(year.from, year.to, 'csv'),
        bytes: file.rawPayload.length,
        sha256: createHash('sha256').update(file.rawPayload).digest('hex'),
      },
    });
  });

  it('writes one journal as Excel: amounts as numbers, dates as dates', async () => {
    const file = await get(ACCOUNTING_PATHS.journals(owner.companyId, year, 'xlsx', 'AC'));
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain(journalsFileName(year.from, year.to, 'xlsx', 'AC'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Journaux');
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(4);
    const row = sheet.getRow(2);
    expect([row.getCell(1).value, row.getCell(5).value, row.getCell(12).value, row.getCell(13).value]).toEqual([
      'AC',
      '6132',
      800,
      0,
    ]);
    expect(row.getCell(4).value).toBeInstanceOf(Date);
    expect(await lastEvent()).toMatchObject({ details: { export: 'journals', journal: 'AC' } });
  });
});
