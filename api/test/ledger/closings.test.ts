import { CLOSING_COLUMNS, closingListResponseSchema, documentTotals, parisToday } from 'contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingDocumentLines,
  billingDocuments,
  companies,
  ledgerClosings,
  ledgerHeads,
  ledgerLinks,
} from '../../src/db/schema';
import { closeCompany, untilNextParisDay } from '../../src/modules/ledger/closings';
import { verifyChain } from '../../src/modules/ledger/integrity';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, login, ownTestGarage } from '../helpers';

/*
 * Closings (BOI-TVA-DECLA-30-10-30): each ended Paris day, month and fiscal year is totalled and chained;
 * the totals equal the sums of the period's records; a closed period takes no new record. The clock is injected:
 * "tomorrow" closes today.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

/** An instant of the Paris day `daysAhead` after today, at 00:30 (and the day itself). */
function parisAfter(daysAhead: number) {
  const day = new Date(`${parisToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + daysAhead);
  const date = day.toISOString().slice(0, 10);
  // 00:30 in Paris is 22:30 or 23:30 UTC the day before: 23:00 UTC + a day's margin is safely the next morning.
  return { date, at: new Date(`${date}T01:00:00+02:00`) };
}

/** A garage of its own with a day of sales: two invoices (20 % and 10 %), a payment by card, cash taken back, a credit note. */
async function garageWithADay() {
  const garage = await ownTestGarage(app);
  const api = billing(app, garage.cookie);
  const first = await api.issue(await api.create('invoice', body({ lines: [line({ preTaxAmount: '100,00' })] })));
  const second = await api.issue(
    await api.create(
      'invoice',
      body({
        lines: [
          line({ preTaxAmount: '200,00', taxRate: 10 }),
          line({ title: 'Main-d’œuvre', preTaxAmount: '50,00', position: 2 }),
        ],
      }),
    ),
  );
  const card = await api.call('POST', '/api/paiement', { invoiceId: second.id, amount: '100,00', type: 'card' });
  expect(card.statusCode).toBe(201);
  const cash = await api.call('POST', '/api/paiement', { invoiceId: first.id, amount: '20,00', type: 'cash' });
  expect(cash.statusCode).toBe(201);
  expect(
    (await api.call('POST', `/api/paiement/${cash.json().id}/cancel`, { reason: 'Erreur de saisie' })).statusCode,
  ).toBe(201);
  const creditId = (await api.call('POST', `/api/quotation/${first.id}/credit-note`, { reason: 'Geste' })).json()
    .id as number;
  const credit = await api.issue(creditId);
  return { garage, api, first, second, credit };
}

/** VAT per rate recomputed from the stored documents' lines (what the closing must equal). */
async function vatOfDocuments(ids: number[]) {
  const vat: Record<string, { base: number; tax: number }> = {};
  for (const id of ids) {
    const [document] = await app.db.select().from(billingDocuments).where(eq(billingDocuments.id, id));
    const lines = await app.db.select().from(billingDocumentLines).where(eq(billingDocumentLines.documentId, id));
    const totals = documentTotals(
      lines.map((each) => ({
        quantity: each.quantity,
        unitPrice: each.unitPrice,
        discount: each.remise,
        taxRate: each.taxRate,
      })),
      document?.taxInclusive ?? false,
    );
    for (const { rate, base, tax } of totals.vatByRate) {
      const entry = vat[String(rate)] ?? { base: 0, tax: 0 };
      vat[String(rate)] = { base: entry.base + base, tax: entry.tax + tax };
    }
  }
  return vat;
}

const closingsOf = (companyId: number) =>
  app.db.select().from(ledgerClosings).where(eq(ledgerClosings.companyId, companyId)).orderBy(asc(ledgerClosings.id));

describe('closings', () => {
  it('the day is closed after it ended, with totals equal to its records, chained; once only', async () => {
    const { garage, first, second, credit } = await garageWithADay();
    // Still today: nothing has ended.
    expect(await closeCompany(app.db, garage.companyId, new Date())).toBe(0);
    expect(await closingsOf(garage.companyId)).toEqual([]);

    const tomorrow = parisAfter(1);
    expect(await closeCompany(app.db, garage.companyId, tomorrow.at)).toBe(1);
    const [day] = await closingsOf(garage.companyId);
    expect(day).toMatchObject({ kind: 'day', periodStart: parisToday(), periodEnd: parisToday() });
    expect(day?.totals).toEqual({
      records: 6,
      invoices: { count: 2, total: first.totalAmount + second.totalAmount },
      creditNotes: { count: 1, total: credit.totalAmount },
      vat: await vatOfDocuments([first.id, second.id, credit.id]),
      receipts: { card: 10_000, cash: 0 },
      grand: {
        salesTotal: first.totalAmount + second.totalAmount + credit.totalAmount,
        receipts: { card: 10_000, cash: 0 },
      },
    });
    // VAT per rate: 20 % on 100 + 50 less the credit note's 100, 10 % on 200.
    expect(day?.totals.vat).toEqual({ '20': { base: 5_000, tax: 1_000 }, '10': { base: 20_000, tax: 2_000 } });

    // The closing is the chain's next link, holding its totals; the chain stays valid.
    const [link] = await app.db
      .select()
      .from(ledgerLinks)
      .where(and(eq(ledgerLinks.companyId, garage.companyId), eq(ledgerLinks.kind, 'closing')));
    expect(link).toMatchObject({ seq: 7, recordId: day?.id, hash: day?.hash });
    expect(JSON.parse(link?.canonical ?? '{}').record.totals).toEqual(day?.totals);
    expect((await verifyChain(app.db, garage.companyId)).valid).toBe(true);
    const [head] = await app.db.select().from(ledgerHeads).where(eq(ledgerHeads.companyId, garage.companyId));
    expect(head?.closedThrough).toBe(parisToday());

    // Again: nothing new to close.
    expect(await closeCompany(app.db, garage.companyId, tomorrow.at)).toBe(0);
  });

  it('an invoice dated in a closed period is refused in French and changes nothing; a payment keeps its value date', async () => {
    const { garage, api, second } = await garageWithADay();
    await closeCompany(app.db, garage.companyId, parisAfter(1).at);
    const linksBefore = await app.db.select().from(ledgerLinks).where(eq(ledgerLinks.companyId, garage.companyId));

    // A cheque whose value date falls in the closed day: recorded now, it goes to the next closing, dated as it is.
    const payment = await api.call('POST', '/api/paiement', { invoiceId: second.id, amount: '10,00', type: 'cheque' });
    expect(payment.statusCode).toBe(201);
    const draft = await api.create('invoice', body());
    const issued = await api.call('POST', `/api/quotation/${draft}/issue`, {});
    expect(issued.statusCode).toBe(409);
    expect(issued.json().message).toContain('La période est clôturée');

    const [invoice] = await app.db.select().from(billingDocuments).where(eq(billingDocuments.id, second.id));
    expect(invoice?.paidAmount).toBe(11_000);
    const [stillDraft] = await app.db.select().from(billingDocuments).where(eq(billingDocuments.id, draft));
    expect(stillDraft).toMatchObject({ status: 'draft', number: null });
    // The payment's link only: the refused issue left none.
    // In chain order: without it PostgreSQL returns the rows in whatever order it finds them.
    const linksAfter = await app.db
      .select()
      .from(ledgerLinks)
      .where(eq(ledgerLinks.companyId, garage.companyId))
      .orderBy(asc(ledgerLinks.seq));
    expect(linksAfter).toHaveLength(linksBefore.length + 1);
    expect(linksAfter.at(-1)).toMatchObject({ kind: 'payment' });
    // The next closing counts it: recorded after the last one.
    await closeCompany(app.db, garage.companyId, parisAfter(2).at);
    expect((await verifyChain(app.db, garage.companyId)).valid).toBe(true);
  });

  it('the month and the fiscal year are closed once ended, with the same totals as their days', async () => {
    const { garage } = await garageWithADay();
    const year = Number(parisToday().slice(0, 4));
    // The second day of the next calendar year: the day, its month and the fiscal year (January–December) ended.
    const later = new Date(Date.UTC(year + 1, 0, 2, 10));
    expect(await closeCompany(app.db, garage.companyId, later)).toBe(3);
    const closings = await closingsOf(garage.companyId);
    expect(closings.map((each) => [each.kind, each.periodStart, each.periodEnd])).toEqual([
      ['day', parisToday(), parisToday()],
      ['month', `${parisToday().slice(0, 7)}-01`, expect.stringMatching(/^\d{4}-\d\d-(28|29|30|31)$/)],
      ['year', `${year}-01-01`, `${year}-12-31`],
    ]);
    const [day, month, fiscal] = closings;
    expect(month?.totals).toEqual(day?.totals);
    expect(fiscal?.totals).toEqual(day?.totals);
    expect(closings.map((each) => each.seq)).toEqual([7, 8, 9]);
    expect((await verifyChain(app.db, garage.companyId)).valid).toBe(true);
  });

  it('a closing altered by SQL is reported by the integrity check', async () => {
    const { garage } = await garageWithADay();
    await closeCompany(app.db, garage.companyId, parisAfter(1).at);
    const [closing] = await closingsOf(garage.companyId);
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(ledgerClosings)
        .set({ totals: sql`jsonb_set(${ledgerClosings.totals}, '{receipts,card}', '1')` })
        .where(eq(ledgerClosings.id, closing?.id ?? 0));
    });
    const report = await verifyChain(app.db, garage.companyId);
    expect(report.problems).toEqual([
      expect.objectContaining({ seq: 7, kind: 'closing', problem: 'record-altered', differences: ['totals'] }),
    ]);
  });

  it('a closing is neither changed nor deleted through the database', async () => {
    const { garage } = await garageWithADay();
    await closeCompany(app.db, garage.companyId, parisAfter(1).at);
    const mine = eq(ledgerClosings.companyId, garage.companyId);
    const refusal = {
      cause: expect.objectContaining({ message: expect.stringMatching(/ne se modifie ni ne se supprime/) }),
    };
    await expect(app.db.delete(ledgerClosings).where(mine)).rejects.toMatchObject(refusal);
    await expect(app.db.update(ledgerClosings).set({ hash: 'x' }).where(mine)).rejects.toMatchObject(refusal);
    expect(await closingsOf(garage.companyId)).toHaveLength(1);
  });

  it('the list shows the garages’ closings to who answers for their books, and nothing of another garage', async () => {
    const { garage } = await garageWithADay();
    await closeCompany(app.db, garage.companyId, parisAfter(1).at);
    const list = await app.inject({
      method: 'GET',
      url: '/api/closings/list?page=1&pageSize=25',
      headers: { cookie: garage.cookie },
    });
    expect(list.statusCode).toBe(200);
    const page = closingListResponseSchema.parse(list.json());
    expect(page.totalRecords).toBe(1);
    expect(page.statusCounts).toEqual({ all: 1, day: 1, month: 0, year: 0 });
    expect(page.data[0]).toMatchObject({ companyId: garage.companyId, kind: 'day', periodStart: parisToday() });

    const other = await ownTestGarage(app);
    const theirs = await app.inject({ method: 'GET', url: '/api/closings/list', headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.map((row: { companyId: number }) => row.companyId)).not.toContain(garage.companyId);

    const fitter = await login(app, 'poseur@demo.garage.fr');
    const refused = await app.inject({ method: 'GET', url: '/api/closings/list', headers: { cookie: fitter } });
    expect(refused.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/closings/list' });
    expect(anonymous.statusCode).toBe(401);
  });
  it('the list is searched by the garage’s name typed without accents, and a tab that is no kind shows them all', async () => {
    const { garage } = await garageWithADay();
    await closeCompany(app.db, garage.companyId, parisAfter(1).at);
    await app.db.update(companies).set({ name: 'Carrosserie Éléonore' }).where(eq(companies.id, garage.companyId));
    const list = async (query: string) =>
      closingListResponseSchema.parse(
        (await app.inject({ url: `/api/closings/list?${query}`, headers: { cookie: garage.cookie } })).json(),
      );
    const found = await list('search=eleonore');
    expect([found.totalRecords, found.data[0]?.companyId]).toEqual([1, garage.companyId]);
    const none = await list('search=carrosserie%20dupont');
    expect([none.totalRecords, none.statusCounts]).toEqual([0, { all: 0, day: 0, month: 0, year: 0 }]);
    const tab = (kind: string) =>
      list(
        `filters=${encodeURIComponent(JSON.stringify({ 1: kind }))}&columnsMap=${encodeURIComponent(JSON.stringify(CLOSING_COLUMNS))}`,
      );
    expect((await tab('month')).totalRecords).toBe(0);
    expect((await tab('week')).totalRecords).toBe(1);
  });
});

describe('the closing calendar', () => {
  it('the next pass is at the next Paris midnight, also across a change of hour', () => {
    // 23:00 in Paris in winter (UTC+1): one hour to go.
    expect(untilNextParisDay(new Date('2026-11-24T22:00:00Z'))).toBe(3_600_000);
    // 23:30 in Paris in summer (UTC+2).
    expect(untilNextParisDay(new Date('2026-07-01T21:30:00Z'))).toBe(1_800_000);
    // Just after midnight: never less than a minute, never twice in a row.
    expect(untilNextParisDay(new Date('2026-11-24T23:00:00Z'))).toBe(24 * 3_600_000);
  });
});
