import {
  DOCUMENT_COLUMNS,
  documentListResponseSchema,
  monthOf,
  PAYMENT_COLUMNS,
  PERIOD_EXPORT_DATE_INVALID,
  PERIOD_EXPORT_FORMAT_UNKNOWN,
  PERIOD_EXPORT_REVERSED,
  PERIOD_EXPORT_TOO_LONG,
  PERIOD_EXPORT_TYPE_UNKNOWN,
  PERIOD_EXPORTS,
  type PeriodExportQuery,
  parisToday,
  periodExportQuerySchema,
} from 'contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentLines, billingDocuments } from '../../src/db/schema';
import { documentPeriodExport } from '../../src/modules/billing/exports/period-exports';
import { createTestApp, login, ownTestGarage } from '../helpers';
import { csvRecords, csvRows } from './csv-records';
import { BUYER_ADDRESS, billing, body, line } from './fixtures';

/*
 * Period exports of the invoice, credit-note and payment lists: every row of the filter, not the page on
 * screen; documents by their issue day in France, drafts never; real numbers and dates in Excel; French CSV; only
 * the caller's garages, only for the roles that read the list.
 */

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof ownTestGarage>>;
let docs: ReturnType<typeof billing>;
const month = monthOf(parisToday());

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  owner = await ownTestGarage(app);
  docs = billing(app, owner.cookie);
});
afterAll(() => app.close());

const exportUrl = (path: string, query: Partial<PeriodExportQuery> = {}) =>
  `${path}?${new URLSearchParams({ ...month, format: 'csv', ...query } as Record<string, string>)}`;
const download = (path: string, query: Partial<PeriodExportQuery> = {}, cookie = owner.cookie) =>
  app.inject({ method: 'GET', url: exportUrl(path, query), headers: { cookie } });

async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

const issueInvoice = async (name: string, lines = [line()]) =>
  docs.issue(await docs.create('invoice', body({ customer: { name }, lines })));

/** A draft document's creation moved back: what the list's "Date" sorts on, not what an export selects on. */
const backdateCreation = (id: number, at: Date) =>
  app.db.update(billingDocuments).set({ createdAt: at }).where(eq(billingDocuments.id, id));

describe('period exports of invoices', () => {
  let numbers: string[];

  beforeAll(async () => {
    numbers = [];
    for (let index = 1; index <= 60; index++) {
      numbers.push((await issueInvoice(`Période Client ${index}`)).number ?? '');
    }
  }, 120_000);

  it('holds every invoice of the period, more than a list page, in issue order', async () => {
    const listed = await docs.call('GET', `/api/quotation/list/invoice?search=${encodeURIComponent('Période Client')}`);
    const page = documentListResponseSchema.parse(listed.json());
    expect([page.data.length, page.totalRecords]).toEqual([25, 60]);

    const response = await download(PERIOD_EXPORTS.invoice.path, { search: 'Période Client' });
    expect(response.statusCode, response.body).toBe(200);
    const rows = csvRecords(response.body);
    expect(rows.map((row) => row['N°'])).toEqual(numbers);
    expect(rows[0]).toMatchObject({
      'Date d’émission': parisToday().split('-').reverse().join('/'),
      Client: 'Période Client 1',
      'Total HT': '100,00',
      TVA: '20,00',
      'Total TTC': '120,00',
      'Base HT 20 %': '100,00',
      'TVA 20 %': '20,00',
      Payé: '0,00',
      Avoirs: '0,00',
      'Reste dû': '120,00',
    });
    // Each row links its e-invoice, which the accountant's session downloads.
    const link = new URL(rows[0]?.['Facture électronique (XML)'] ?? '');
    expect(link.pathname).toMatch(/^\/api\/quotation\/\d+\/einvoice$/);
    const xml = await docs.call('GET', link.pathname);
    expect(xml.body).toContain(`<ram:ID>${numbers[0]}</ram:ID>`);
  });

  it('reads the period in batches (keyset), none lost nor repeated', async () => {
    const query = periodExportQuerySchema.parse({ ...month, search: 'Période Client' });
    const table = await documentPeriodExport(app.db, [owner.companyId], 'invoice', query, 'http://localhost', 7);
    const seen: string[] = [];
    let batches = 0;
    for await (const rows of table.batches) {
      batches += 1;
      seen.push(...rows.map((row) => String(row[0])));
    }
    expect(batches).toBe(9);
    expect(seen).toEqual(numbers);
  });

  it('applies the list’s filters: search, column filter and status tab (drafts are never exported)', async () => {
    const draft = await docs.create('invoice', body({ customer: { name: 'Période Brouillon' } }));
    const filters = (values: Record<number, string>) => ({
      columnsMap: JSON.stringify([...DOCUMENT_COLUMNS, 'paidAmount']),
      filters: JSON.stringify(values),
    });
    // The list's search: every word found, in any order (« 1 » anywhere in the name).
    const search = csvRecords((await download(PERIOD_EXPORTS.invoice.path, { search: 'client periode 1' })).body);
    const names = search.map((row) => row.Client);
    expect(names).toEqual(
      expect.arrayContaining([
        'Période Client 1',
        ...Array.from({ length: 10 }, (_, index) => `Période Client ${10 + index}`),
      ]),
    );
    expect(names.every((name) => /^Période Client \d*1\d*$/.test(name ?? ''))).toBe(true);
    const byCustomer = (await download(PERIOD_EXPORTS.invoice.path, filters({ 2: 'Client 42' }))).body;
    expect(csvRecords(byCustomer).map((row) => row.Client)).toEqual(['Période Client 42']);
    const draftTab = await download(PERIOD_EXPORTS.invoice.path, filters({ 6: 'draft' }));
    expect(csvRows(draftTab.body)).toHaveLength(1); // the header alone
    const everything = csvRecords((await download(PERIOD_EXPORTS.invoice.path)).body);
    expect(everything.some((row) => row.Client === 'Période Brouillon')).toBe(false);
    expect(everything.every((row) => row['N°'])).toBe(true);
    await docs.call('DELETE', `/api/quotation/${draft}`);
  });

  it('selects by issue day in France, never by creation day', async () => {
    // Created two months ago, issued today: this month's.
    const late = await docs.create('invoice', body({ customer: { name: 'Créée avant, émise ce mois' } }));
    await backdateCreation(late, new Date(Date.now() - 62 * 86_400_000));
    await docs.issue(late);
    // Issued at 00:30 in Paris on 1 March 2025 (23:30 UTC on 28 February), created today.
    const [early] = await app.db
      .insert(billingDocuments)
      .values({
        companyId: owner.companyId,
        type: 'invoice',
        status: 'issued',
        number: 'F-2025-PERIODE',
        customer: {
          name: 'Émise le 1er mars',
          ...BUYER_ADDRESS,
          siren: '',
          vatNumber: '',
          email: '',
          isBusiness: false,
        },
        preTaxAmount: 10_000,
        taxAmount: 2_000,
        totalAmount: 12_000,
        issuedAt: new Date('2025-02-28T23:30:00Z'),
      })
      .returning({ id: billingDocuments.id });
    await app.db.insert(billingDocumentLines).values({
      documentId: early?.id ?? 0,
      position: 1,
      title: 'Pare-brise',
      quantity: 1,
      unitPrice: 10_000,
      taxRate: 20,
      total: 10_000,
    });

    const clients = async (from: string, to: string) =>
      csvRecords((await download(PERIOD_EXPORTS.invoice.path, { from, to })).body).map((row) => row.Client);
    expect(await clients(month.from, month.to)).toContain('Créée avant, émise ce mois');
    expect(await clients(month.from, month.to)).not.toContain('Émise le 1er mars');
    expect(await clients('2025-02-01', '2025-02-28')).toEqual([]);
    expect(await clients('2025-03-01', '2025-03-31')).toEqual(['Émise le 1er mars']);
    const created = new Date(Date.now() - 62 * 86_400_000).toISOString().slice(0, 10);
    expect(await clients(created, created)).not.toContain('Créée avant, émise ce mois');
  });
});

describe('VAT per rate, paid, credited and due, as real Excel numbers and dates', () => {
  it('gives one base and VAT pair per rate, to the cent, for invoices and credit notes', async () => {
    const invoice = await issueInvoice('Taux Multiples SA', [
      line({ title: 'Pare-brise', quantity: 3, preTaxAmount: '33,33', taxRate: 20 }),
      line({ title: 'Produit', quantity: 1, preTaxAmount: '19,99', taxRate: 5.5, position: 2 }),
      line({ title: 'Main-d’œuvre', quantity: 2, preTaxAmount: '7,77', taxRate: 10, position: 3 }),
    ]);
    // 99,99 → 20,00 of VAT at 20 %; 19,99 → 1,10 at 5,5 %; 15,54 → 1,55 at 10 %.
    expect([invoice.preTaxAmount, invoice.taxAmount, invoice.totalAmount]).toEqual([13_552, 2_265, 15_817]);
    const credit = await docs.call('POST', `/api/quotation/${invoice.id}/credit-note`, { reason: 'Geste' });
    const creditId = credit.json().id as number;
    const saved = await docs.call(
      'PUT',
      `/api/quotation/${creditId}`,
      body({ lines: [line({ title: 'Produit', quantity: -1, preTaxAmount: '19,99', taxRate: 5.5 })] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const creditNote = await docs.issue(creditId);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/paiement',
      headers: { cookie: owner.cookie },
      payload: { invoiceId: invoice.id, amount: '50,00', type: 'card' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const response = await download(PERIOD_EXPORTS.invoice.path, { format: 'xlsx', search: 'Taux Multiples' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="factures-${month.from}-au-${month.to}.xlsx"; filename*=UTF-8''factures-${month.from}-au-${month.to}.xlsx`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const sheet = (await workbookOf(response.rawPayload)).getWorksheet('Factures');
    if (!sheet) throw new Error('no sheet Factures');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'N°',
      'Date d’émission',
      'Client',
      'SIREN client',
      'Dossier',
      'Garage',
      'Total HT',
      'TVA',
      'Total TTC',
      'Base HT 20 %',
      'TVA 20 %',
      'Base HT 10 %',
      'TVA 10 %',
      'Base HT 5,5 %',
      'TVA 5,5 %',
      'Facture d’acompte',
      'Payé',
      'Avoirs',
      'Reste dû',
      'Facture électronique (XML)',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    const cell = (name: string) => row.getCell(header.indexOf(name) + 1);
    const cents = (name: string) => {
      expect(cell(name).type).toBe(ExcelJS.ValueType.Number);
      expect(cell(name).numFmt).toBe('#,##0.00 €');
      return Math.round((cell(name).value as number) * 100);
    };
    expect(cell('N°').value).toBe(invoice.number);
    expect(cell('Date d’émission').type).toBe(ExcelJS.ValueType.Date);
    expect(cell('Date d’émission').numFmt).toBe('dd/mm/yyyy');
    expect((cell('Date d’émission').value as Date).toISOString()).toBe(`${parisToday()}T00:00:00.000Z`);
    expect(['Total HT', 'TVA', 'Total TTC', 'Base HT 20 %', 'TVA 20 %', 'Base HT 10 %', 'TVA 10 %'].map(cents)).toEqual(
      [13_552, 2_265, 15_817, 9_999, 2_000, 1_554, 155],
    );
    expect(['Base HT 5,5 %', 'TVA 5,5 %', 'Payé', 'Avoirs', 'Reste dû'].map(cents)).toEqual([
      1_999,
      110,
      5_000,
      2_109,
      15_817 - 2_109 - 5_000,
    ]);
    expect(cell('Garage').value).toBeTruthy();

    const notes = csvRecords(
      (await download(PERIOD_EXPORTS['credit-note'].path, { search: creditNote.number ?? '' })).body,
    );
    expect(notes).toEqual([
      {
        'N°': creditNote.number ?? '',
        'Date d’émission': parisToday().split('-').reverse().join('/'),
        Client: 'Taux Multiples SA',
        'SIREN client': '',
        Dossier: '',
        Garage: expect.any(String),
        'Total HT': '-19,99',
        TVA: '-1,10',
        'Total TTC': '-21,09',
        'Base HT 5,5 %': '-19,99',
        'TVA 5,5 %': '-1,10',
        'Facture corrigée': invoice.number ?? '',
        'Facture électronique (XML)': expect.stringMatching(`/api/quotation/${creditNote.id}/einvoice$`),
      },
    ]);
  });
});

describe('period exports of payments', () => {
  it('lists every payment of the period with its cancellation, as the cash book keeps them', async () => {
    const invoice = await issueInvoice('Paiements Période');
    const pay = (amount: string, type: string) =>
      app.inject({
        method: 'POST',
        url: '/api/paiement',
        headers: { cookie: owner.cookie },
        payload: { invoiceId: invoice.id, amount, type },
      });
    const card = (await pay('30,00', 'card')).json().id as number;
    expect((await pay('20,00', 'cash')).statusCode).toBe(201);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/paiement/${card}/cancel`,
      headers: { cookie: owner.cookie },
      payload: { reason: 'Erreur de saisie' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);

    const response = await download(PERIOD_EXPORTS.payment.path, { search: invoice.number ?? '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename="paiements-${month.from}-au-${month.to}.csv"`);
    const today = parisToday().split('-').reverse().join('/');
    expect(csvRecords(response.body)).toEqual([
      {
        Date: today,
        Facture: invoice.number,
        Client: 'Paiements Période',
        Moyen: 'Carte',
        Montant: '30,00',
        Annulation: 'Non',
        Annulé: 'Oui',
        Opération: 'Règlement',
        'Facture d’acompte': 'Non',
        Garage: expect.any(String),
        Commentaire: '',
      },
      {
        Date: today,
        Facture: invoice.number,
        Client: 'Paiements Période',
        Moyen: 'Espèces',
        Montant: '20,00',
        Annulation: 'Non',
        Annulé: 'Non',
        Opération: 'Règlement',
        'Facture d’acompte': 'Non',
        Garage: expect.any(String),
        Commentaire: '',
      },
      {
        Date: today,
        Facture: invoice.number,
        Client: 'Paiements Période',
        Moyen: 'Carte',
        Montant: '-30,00',
        Annulation: 'Oui',
        Annulé: 'Non',
        Opération: 'Annulation',
        'Facture d’acompte': 'Non',
        Garage: expect.any(String),
        Commentaire: `Annulation du paiement du ${today} : Erreur de saisie`,
      },
    ]);
    // The method tab of the list (column 2).
    const cash = await download(PERIOD_EXPORTS.payment.path, {
      search: invoice.number ?? '',
      columnsMap: JSON.stringify(PAYMENT_COLUMNS),
      filters: JSON.stringify({ 2: 'cash' }),
    });
    expect(csvRecords(cash.body).map((row) => row.Montant)).toEqual(['20,00']);

    const xlsx = await download(PERIOD_EXPORTS.payment.path, { search: invoice.number ?? '', format: 'xlsx' });
    const sheet = (await workbookOf(xlsx.rawPayload)).getWorksheet('Paiements');
    expect(sheet?.getRow(4).getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet?.getRow(4).getCell(5).value).toBe(-30);
    // Yesterday holds none of them.
    const yesterday = new Date(Date.parse(`${parisToday()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await download(PERIOD_EXPORTS.payment.path, {
      search: invoice.number ?? '',
      from: yesterday,
      to: yesterday,
    });
    expect(csvRows(before.body)).toHaveLength(1);
  });
});

describe('who exports what', () => {
  it('another garage’s user gets none of the owner’s rows; a role without the list gets 403', async () => {
    await issueInvoice('Isolation Client');
    const other = await ownTestGarage(app);
    for (const path of [PERIOD_EXPORTS.invoice.path, PERIOD_EXPORTS['credit-note'].path, PERIOD_EXPORTS.payment.path]) {
      const theirs = await download(path, {}, other.cookie);
      expect(theirs.statusCode).toBe(200);
      expect(csvRows(theirs.body)).toHaveLength(1);
    }
    const lyon = csvRecords(
      (await download(PERIOD_EXPORTS.invoice.path, {}, await login(app, 'poseur.admin@demo.garage.fr'))).body,
    );
    expect(lyon.some((row) => row.Client === 'Isolation Client' || row.Client?.startsWith('Période Client'))).toBe(
      false,
    );

    const cmd = await login(app, 'cmd@demo.garage.fr'); // quotes and purchase orders, no invoices nor payments
    for (const path of [PERIOD_EXPORTS.invoice.path, PERIOD_EXPORTS['credit-note'].path, PERIOD_EXPORTS.payment.path]) {
      const refused = await download(path, {}, cmd);
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'Accès refusé']);
    }
    expect((await app.inject({ method: 'GET', url: exportUrl(PERIOD_EXPORTS.invoice.path) })).statusCode).toBe(401);
  });

  it('refuses a bad period, format or type in French', async () => {
    const cases: [string, Partial<PeriodExportQuery>, string][] = [
      [PERIOD_EXPORTS.invoice.path, { from: '2026-11-30', to: '2026-11-01' }, PERIOD_EXPORT_REVERSED],
      [PERIOD_EXPORTS.invoice.path, { from: '2025-01-01', to: '2026-01-02' }, PERIOD_EXPORT_TOO_LONG],
      [PERIOD_EXPORTS.payment.path, { from: '2026-02-30', to: '2026-03-01' }, PERIOD_EXPORT_DATE_INVALID],
      [PERIOD_EXPORTS.payment.path, { from: '01/11/2026' }, PERIOD_EXPORT_DATE_INVALID],
      [PERIOD_EXPORTS['credit-note'].path, { format: 'pdf' as 'csv' }, PERIOD_EXPORT_FORMAT_UNKNOWN],
      ['/api/quotation/list/quotation/export', {}, PERIOD_EXPORT_TYPE_UNKNOWN],
    ];
    for (const [path, query, message] of cases) {
      const refused = await download(path, query);
      expect([refused.statusCode, refused.json().message], JSON.stringify(query)).toEqual([400, message]);
    }
    // A whole leap year is allowed.
    expect((await download(PERIOD_EXPORTS.invoice.path, { from: '2024-01-01', to: '2024-12-31' })).statusCode).toBe(
      200,
    );
  });
});
