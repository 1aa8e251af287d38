import { createHash } from 'node:crypto';
import {
  ACCOUNT_ROLES,
  ACCOUNTING_PATHS,
  DEMO_COMPANIES,
  documentTotals,
  FEC_CONTENT_TYPE,
  fecFileName,
  fiscalYearAround,
  lastClosedFiscalYear,
  parisToday,
  withLuhnKey,
} from 'contracts';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentLines, billingDocuments, companies, ledgerEvents } from '../../src/db/schema';
import { checkFec } from '../../src/modules/accounting/fec-check';
import { amountOf } from '../../src/modules/billing/documents/document-lines';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, login, multipart, ownTestGarage } from '../helpers';
import { EXPECTED_HEADER, entriesOf, type FecRecord, fecRecords, headerOf, lineSummary } from './fec-file';

/*
 * The FEC (LPF art. A47 A-1): the demo garage's last fiscal year as its accountant downloads it, and a
 * garage of the test's own whose every entry is known to the cent.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const fileNameOf = (disposition: unknown) => /filename="([^"]+)"/.exec(String(disposition))?.[1];
/** Σ credit − debit of an account over the lines. */
const creditBalance = (records: FecRecord[], account: string) =>
  records.filter((each) => each.CompteNum === account).reduce((sum, each) => sum + each.credit - each.debit, 0);

describe('the demo garage’s FEC of its last fiscal year', () => {
  let records: FecRecord[];
  let payload: Buffer;
  let centre: number;
  let period: { from: string; to: string };

  beforeAll(async () => {
    const [garage] = await app.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANIES.centre));
    centre = garage?.id ?? 0;
    const accountant = await login(app, 'comptable@demo.garage.fr');
    const settings = (await get(ACCOUNTING_PATHS.settings(centre), accountant)).json();
    expect(settings).toMatchObject({ siren: '421876541', canEditMapping: false });
    period = lastClosedFiscalYear(parisToday(), settings.fiscalYearStartMonth);
    const file = await get(ACCOUNTING_PATHS.fec(centre, period), accountant);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe(FEC_CONTENT_TYPE);
    expect(fileNameOf(file.headers['content-disposition'])).toBe(fecFileName('421876541', period.to));
    payload = file.rawPayload;
    records = fecRecords(payload);
  });

  it('has the 18 fields in order and passes every structural rule of the DGFiP', () => {
    expect(headerOf(payload)).toBe(EXPECTED_HEADER);
    const report = checkFec(payload, fecFileName('421876541', period.to));
    expect(report.problems).toEqual([]);
    // Sales, credit notes, receipts and expenses of the seeded year are all there.
    expect(Object.keys(report.journals).sort()).toEqual(expect.arrayContaining(['AC', 'BQ', 'VT']));
    expect(records.some((each) => each.PieceRef.startsWith('AV-'))).toBe(true);
    for (const record of records) expect(record.EcritureDate >= period.from.replaceAll('-', '')).toBe(true);
  });

  it('balances every entry and every journal, numbered 1, 2, 3… in each journal', () => {
    const journals = [...new Set(records.map((each) => each.JournalCode))];
    for (const journal of journals) {
      const entries = entriesOf(records, journal);
      expect(entries.map((lines) => lines[0]?.EcritureNum)).toEqual(entries.map((_, index) => String(index + 1)));
      for (const lines of entries) {
        const debit = lines.reduce((sum, each) => sum + each.debit, 0);
        expect(
          lines.reduce((sum, each) => sum + each.credit, 0),
          `${journal} ${lines[0]?.EcritureNum}`,
        ).toBe(debit);
      }
    }
  });

  it('collects, per VAT rate, the VAT of the period’s invoices minus its credit notes', async () => {
    const documents = await app.db
      .select({ id: billingDocuments.id, taxInclusive: billingDocuments.taxInclusive, number: billingDocuments.number })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.companyId, centre),
          inArray(billingDocuments.type, ['invoice', 'credit-note']),
          ne(billingDocuments.status, 'draft'),
          sql`(${billingDocuments.issuedAt} at time zone 'Europe/Paris')::date between ${period.from}::date and ${period.to}::date`,
        ),
      );
    const lines = await app.db
      .select()
      .from(billingDocumentLines)
      .where(
        inArray(
          billingDocumentLines.documentId,
          documents.map((each) => each.id),
        ),
      );
    const expected = new Map<number, number>();
    for (const document of documents) {
      const own = lines.filter((each) => each.documentId === document.id).map(amountOf);
      for (const entry of documentTotals(own, document.taxInclusive).vatByRate) {
        expected.set(entry.rate, (expected.get(entry.rate) ?? 0) + entry.tax);
      }
    }
    const vatRoles = ACCOUNT_ROLES.filter((role) => /^vat-\d/.test(role.key));
    const found = new Map(
      vatRoles.map((role) => [Number(role.key.slice(4)), creditBalance(records, role.account)] as const),
    );
    // What payments move from the waiting account to collected VAT leaves the sum as invoiced: collected plus
    // waiting is the period's VAT; with the debit option nothing waits and each rate is its invoices' VAT.
    const waiting = creditBalance(records, '44574');
    const sum = (values: Iterable<number>) => [...values].reduce((total, each) => total + each, 0);
    expect(sum(found.values()) + waiting).toBe(sum(expected.values()));
    const [garage] = await app.db
      .select({ vatOnDebits: companies.vatOnDebits })
      .from(companies)
      .where(eq(companies.id, centre));
    if (garage?.vatOnDebits) {
      expect(waiting).toBe(0);
      for (const [rate, tax] of expected) expect(found.get(rate), `TVA ${rate} %`).toBe(tax);
    }
    expect(new Set(entriesOf(records, 'VT').map((entry) => entry[0]?.PieceRef))).toEqual(
      new Set(documents.map((each) => each.number)),
    );
  });

  it('is an event of the garage’s technical log, with the file’s name, size and SHA-256', async () => {
    const [last] = await app.db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.companyId, centre))
      .orderBy(desc(ledgerEvents.seq))
      .limit(1);
    expect(last).toMatchObject({
      kind: 'export',
      details: {
        export: 'fec',
        fileName: fecFileName('421876541', period.to),
        from: period.from,
        to: period.to,
        bytes: payload.length,
        sha256: createHash('sha256').update(payload).digest('hex'),
      },
    });
  });
});

describe('the entries of a garage’s own records', () => {
  let owner: Awaited<ReturnType<typeof ownTestGarage>>;
  let docs: ReturnType<typeof billing>;
  const year = fiscalYearAround(parisToday(), 1);
  const siren = withLuhnKey('73282932');

  const pay = async (invoiceId: number, amount: string, type: string) => {
    const response = await docs.call('POST', '/api/paiement', { invoiceId, amount, type });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };
  const fec = async () => {
    const file = await get(ACCOUNTING_PATHS.fec(owner.companyId, year), owner.cookie);
    expect(file.statusCode, file.body).toBe(200);
    const settings = (await get(ACCOUNTING_PATHS.settings(owner.companyId), owner.cookie)).json();
    expect(checkFec(file.rawPayload, fecFileName(settings.siren, year.to)).problems).toEqual([]);
    return fecRecords(file.rawPayload);
  };

  beforeAll(async () => {
    owner = await ownTestGarage(app);
    docs = billing(app, owner.cookie);
    const invoice = await docs.issue(
      await docs.create(
        'invoice',
        body({
          customer: { name: 'Léa Dupré' },
          lines: [
            line({ title: 'Pose pare-brise', quantity: 1.5, preTaxAmount: '60,00', unit: 'HUR' }),
            line({ title: 'Pare-brise', preTaxAmount: '300,00', position: 2 }),
            line({ title: 'Kit colle', preTaxAmount: '20,00', taxRate: 5.5, position: 3 }),
          ],
        }),
      ),
    );
    await docs.issue(
      await docs.create(
        'invoice',
        body({
          customer: { name: 'Transports Rapides', siren, isBusiness: true },
          lines: [line({ title: 'Recalibrage caméra', preTaxAmount: '120,00', unit: 'HUR' })],
        }),
      ),
    );
    const credit = await docs.call('POST', `/api/quotation/${invoice.id}/credit-note`, { reason: 'Pare-brise repris' });
    expect(credit.statusCode, credit.body).toBe(201);
    const creditId = (credit.json() as { id: number }).id;
    const saved = await docs.call(
      'PUT',
      `/api/quotation/${creditId}`,
      body({ lines: [line({ title: 'Pare-brise', quantity: -1, preTaxAmount: '300,00' })] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await docs.issue(creditId);
    await pay(invoice.id, '100,00', 'card');
    const cash = await pay(invoice.id, '20,00', 'cash');
    const cancelled = await docs.call('POST', `/api/paiement/${cash}/cancel`, { reason: 'Billet refusé' });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    await pay(invoice.id, '29,10', 'cheque');
    const form = await multipart({
      label: 'Colle PU',
      category: 'Consommables',
      date: parisToday(),
      preTaxAmount: '100,00',
      taxAmount: '20,00',
      supplierName: 'Vitrages de l’Ouest',
    });
    const expense = await app.inject({
      method: 'POST',
      url: '/api/expense',
      headers: { cookie: owner.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(expense.statusCode, expense.body).toBe(201);
  });

  it('books a sale to its buyer, labour on 706, goods on 707 and VAT per rate (labour’s waiting for payment); a credit note the other way', async () => {
    const [sale, company, credit, ...rest] = entriesOf(await fec(), 'VT');
    expect(rest).toEqual([]);
    // No option for VAT on debits: the labour's VAT (20 % of 90 €: 18 €, its share of the rate's 78 €) waits on 44574
    // until the customer pays; the parts' is due now.
    expect(sale?.map(lineSummary)).toEqual([
      '411|411LEADUPRE|48910|0',
      '706||0|9000',
      '707||0|30000',
      '707||0|2000',
      '445711||0|6000',
      '445713||0|110',
      '44574||0|1800',
    ]);
    expect(sale?.[0]).toMatchObject({ JournalLib: 'Ventes', CompteLib: 'Clients', CompAuxLib: 'Léa Dupré' });
    expect(sale?.[0]?.EcritureLib).toMatch(/^Facture F-\d{4}-\d{5} Léa Dupré$/);
    // A business is one auxiliary account, named by its SIREN.
    expect(company?.map(lineSummary)).toEqual([`411|411${siren}|14400|0`, '706||0|12000', '44574||0|2400']);
    expect(credit?.map(lineSummary)).toEqual(['411|411LEADUPRE|0|36000', '707||30000|0', '445711||6000|0']);
    expect(credit?.[0]?.PieceRef).toMatch(/^AV-/);
  });

  it('books receipts by method (BQ card and cheque, CA cash) and a cancellation as its own reverse entry', async () => {
    const records = await fec();
    // Each payment makes due its share of the invoice's 18 € of waiting VAT: the invoice owes 129,10 € once its credit
    // note is off; paid 100 € (1 394 = 1 800 × 100 / 129,10), 120 € (1 673), back to 100 € (the cash cancelled), then
    // 129,10 € (1 800): 13,94 + 2,79 − 2,79 + 4,06 = 18 €, to the cent.
    expect(entriesOf(records, 'BQ').map((entry) => entry.map(lineSummary))).toEqual([
      ['512||10000|0', '411|411LEADUPRE|0|10000', '44574||1394|0', '445711||0|1394'],
      ['5112||2910|0', '411|411LEADUPRE|0|2910', '44574||406|0', '445711||0|406'],
    ]);
    const cash = entriesOf(records, 'CA');
    expect(cash.map((entry) => entry.map(lineSummary))).toEqual([
      ['530||2000|0', '411|411LEADUPRE|0|2000', '44574||279|0', '445711||0|279'],
      ['530||0|2000', '411|411LEADUPRE|2000|0', '44574||0|279', '445711||279|0'],
    ]);
    expect(cash[1]?.[0]?.EcritureLib).toMatch(/^Annulation du règlement n° \d+ espèces F-/);
  });

  it('books an expense on its category’s account with its deductible VAT, owed to its supplier', async () => {
    const [expense, ...rest] = entriesOf(await fec(), 'AC');
    expect(rest).toEqual([]);
    expect(expense?.map(lineSummary)).toEqual(['6022||10000|0', '445661||2000|0', '401|401VITRAGESDELOUEST|0|12000']);
    expect(expense?.[0]).toMatchObject({
      EcritureLib: "Colle PU - Vitrages de l'Ouest",
      PieceRef: expect.stringMatching(/^DEP-\d{6}$/),
    });
  });

  it('uses the accounts the admin chose, and the defaults again once put back', async () => {
    const put = (accounts: object[]) =>
      app.inject({
        method: 'PUT',
        url: ACCOUNTING_PATHS.accounts(owner.companyId),
        headers: { cookie: owner.cookie },
        payload: { accounts },
      });
    const changed = await put([{ key: 'sales-labour', account: '7061', label: 'Main-d’œuvre atelier' }]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().accounts.find((each: { key: string }) => each.key === 'sales-labour')).toMatchObject({
      account: '7061',
      label: 'Main-d’œuvre atelier',
      defaultAccount: '706',
    });
    const labour = (await fec()).filter((each) => each.CompteNum.startsWith('706'));
    expect(new Set(labour.map((each) => `${each.CompteNum} ${each.CompteLib}`))).toEqual(
      new Set(["7061 Main-d'œuvre atelier"]),
    );
    expect((await put([])).statusCode).toBe(200);
    expect(
      new Set((await fec()).filter((each) => each.CompteNum.startsWith('706')).map((each) => each.CompteNum)),
    ).toEqual(new Set(['706']));
  });

  it('refuses a FEC without the garage’s SIRET (its name starts with the SIREN), in French', async () => {
    await app.db.update(companies).set({ siret: null }).where(eq(companies.id, owner.companyId));
    const refused = await get(ACCOUNTING_PATHS.fec(owner.companyId, year), owner.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Le SIRET du garage manque : renseignez-le dans « Ma société » (le nom du fichier FEC commence par le SIREN)',
    ]);
    const summary = await get(
      `${ACCOUNTING_PATHS.summary(owner.companyId)}?from=${year.from}&to=${year.to}`,
      owner.cookie,
    );
    expect(summary.json().fecFileName).toBeNull();
  });
});
