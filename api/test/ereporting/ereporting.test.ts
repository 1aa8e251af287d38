import { type EreportOverview, type EreportTransmission, withLuhnKey } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ereportTransmissions, notifications, outbox } from '../../src/db/schema';
import { sendPendingFlows } from '../../src/modules/einvoicing/platform-dispatcher';
import { parseXml, text } from '../../src/modules/einvoicing/reading/xml-tree';
import { checkAcknowledgements } from '../../src/modules/ereporting/acknowledgements';
import { periodOf } from '../../src/modules/ereporting/periods';
import { queueGarageReports, queueReport, reportingGarage } from '../../src/modules/ereporting/transmissions';
import type { TestPlatform } from '../../src/test-platform/server';
import { billing, body, line } from '../billing/fixtures';
import {
  type Connected,
  connectedGarage,
  expectConformingRequests,
  startConnectedApp,
} from '../einvoicing/platform-setup';
import { ownTestGarage } from '../helpers';

/*
 * E-reporting through the approved platform: a garage's sales to private customers of a period, per day, category
 * and rate, to the cent of its invoices and credit notes; the services' share of the payments received; each
 * transmission deposited once, accepted or rejected, and a rejected one corrected by a rectifying transmission.
 */

let app: FastifyInstance;
let platform: TestPlatform;
let garage: Connected;
let docs: ReturnType<typeof billing>;

beforeAll(async () => {
  ({ app, platform } = await startConnectedApp());
  garage = await connectedGarage(app, platform);
  docs = billing(app, garage.cookie);
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());
const read = async (url: string, cookie: string) => {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** The transmissions as the page's table reads them (one page of 100). */
const list = async (cookie = garage.cookie, companyId = garage.companyId) => ({
  rows: (await read(`/api/company/${companyId}/ereporting/list?pageSize=100`, cookie)).data as EreportTransmission[],
});
const overview = async (cookie = garage.cookie, companyId = garage.companyId) =>
  (await read(`/api/company/${companyId}/ereporting`, cookie)) as EreportOverview;
const transmission = async (id: number) => {
  const [row] = await app.db.select().from(ereportTransmissions).where(eq(ereportTransmissions.id, id));
  if (!row) throw new Error(`transmission ${id}`);
  return row;
};
const sendAndAcknowledge = async () => {
  await sendPendingFlows(app.db, app.senders.key);
  await checkAcknowledgements(app.db, app.senders.key, garage.companyId);
};
const private_ = { name: 'Mme Durand', isBusiness: false };

/** A private customer's invoice: labour in hours, a part at 20 %, a book at 5.5 %. */
async function privateInvoice() {
  return docs.issue(
    await docs.create(
      'invoice',
      body({
        customer: private_,
        lines: [
          line({ title: 'Pose pare-brise', quantity: 1.5, preTaxAmount: '66,67', unit: 'HUR', position: 1 }),
          line({ title: 'Pare-brise', quantity: 1, preTaxAmount: '123,45', position: 2 }),
          line({ title: 'Guide', quantity: 1, preTaxAmount: '9,99', taxRate: 5.5, position: 3 }),
        ],
      }),
    ),
  );
}

describe('a rejected transmission and its correction', () => {
  it('shows the platform’s reason, alerts the admins, and sends a rectifying report once', async () => {
    const since = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    platform.rejectNextReport(garage.siren);
    const queued = await queueGarageReports(app.db, garage.companyId, since);
    expect(queued).toBeGreaterThan(2);
    await sendAndAcknowledge();
    const rejected = (await list()).rows.filter((each) => each.status === 'rejected');
    expect(rejected).toHaveLength(1);
    const [first] = rejected;
    expect(first?.reason).toBe('Donnée obligatoire absente ou invalide (test) (REJ_SEMAN)');
    expect(first?.correctable).toBe(true);
    expect((await overview()).toCorrect).toBe(1);
    // The table's tab « Ventes aux particuliers » and its status filter find it.
    const filtered = await read(
      `/api/company/${garage.companyId}/ereporting/list?filters=${encodeURIComponent(JSON.stringify({ 1: 'transactions', 2: 'rejected' }))}&columnsMap=${encodeURIComponent(JSON.stringify(['period', 'kind', 'status']))}`,
      garage.cookie,
    );
    expect(filtered.data.map((each: EreportTransmission) => each.id)).toEqual([first?.id]);
    const alerts = await app.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.companyId, garage.companyId));
    expect(alerts.some((each) => each.content.includes(`E-reporting rejeté : ${first?.periodLabel}`))).toBe(true);
    // The sweep again: every period over is built already.
    expect(await queueGarageReports(app.db, garage.companyId, since)).toBe(0);

    const correct = () =>
      app.inject({
        method: 'POST',
        url: `/api/company/${garage.companyId}/ereporting/${first?.id}/correction`,
        headers: { cookie: garage.cookie },
      });
    const [once, twice] = await Promise.all([correct(), correct()]);
    expect((await overview()).toCorrect).toBe(0);
    expect([once.statusCode, twice.statusCode].sort()).toEqual([200, 409]);
    const refused = once.statusCode === 409 ? once : twice;
    expect(refused.json().message).toBe('Seule une transmission rejetée ou bloquée peut être corrigée');
    await sendAndAcknowledge();
    const rows = (await list()).rows.filter(
      (each) => each.periodStart === first?.periodStart && each.kind === first?.kind,
    );
    expect(rows.map((each) => each.status).sort()).toEqual(['accepted', 'replaced']);
    const correction = rows.find((each) => each.status === 'accepted');
    expect(correction?.correctsId).toBe(first?.id);
    const flow = platform.flows.find((each) => each.trackingId === `ereport-${correction?.id}`);
    const report = parseXml(new TextDecoder().decode(flow?.file));
    expect(text(report, 'Report', 'ReportDocument', 'TypeCode')).toBe('RE');
    expect(text(report, 'Report', 'ReportDocument', 'ReferencedDocument', 'Id')).toBe(
      `EREP-${garage.companyId}-${first?.id}`,
    );
  });
});

describe('the sales report (Flux 10.3)', () => {
  it('totals the private customers’ invoices and credit notes per day, category and rate, to the cent', async () => {
    const first = await privateInvoice();
    const second = await docs.issue(
      await docs.create(
        'invoice',
        body({ customer: private_, taxInclusive: true, lines: [line({ preTaxAmount: '99,99', unit: 'HUR' })] }),
      ),
    );
    const credit = await docs.call('POST', `/api/quotation/${second.id}/credit-note`, { reason: 'Geste commercial' });
    expect(credit.statusCode, credit.body).toBe(201);
    const creditNote = await docs.issue(credit.json().id);
    // An invoice to a business leaves as an e-invoice, not in the report.
    await docs.issue(
      await docs.create(
        'invoice',
        body({ customer: { name: 'Transports SARL', isBusiness: true, siren: withLuhnKey('43210987') } }),
      ),
    );
    const reporting = await reportingGarage(app.db, garage.companyId);
    if (!reporting) throw new Error('garage');
    const id = await queueReport(app.db, reporting, 'transactions', periodOf(today(), 'decade'));
    const row = await transmission(id ?? 0);
    const issued = [first, second, creditNote];
    expect(row.reason).toBeNull();
    expect(row.status).toBe('queued');
    expect(row.count).toBe(3);
    expect(row.amount).toBe(issued.reduce((sum, document) => sum + document.preTaxAmount, 0));
    expect(row.tax).toBe(issued.reduce((sum, document) => sum + document.taxAmount, 0));
    expect(new Set(row.lines.map((each) => `${each.category} ${each.rate}`))).toEqual(
      new Set(['TPS1 20', 'TLB1 20', 'TLB1 5.5']),
    );
    // Labour: 1.5 h × 66,67 € (100,01 €) on the first invoice; the second's 99,99 € TTC taken off by its credit note.
    expect(row.lines.find((each) => each.category === 'TPS1')).toMatchObject({ amount: 10_001, tax: 2_000 });

    await sendAndAcknowledge();
    const [flow] = platform.flows.filter((each) => each.trackingId === `ereport-${id}`);
    expect(flow).toMatchObject({
      flowType: 'AggregatedCustomerTransactionReport',
      flowSyntax: 'FRR',
      processingRule: 'B2C',
      acknowledgement: { status: 'Ok' },
    });
    const report = parseXml(new TextDecoder().decode(flow?.file));
    expect(text(report, 'Report', 'ReportDocument', 'Issuer', 'Id')).toBe(garage.siren);
    expect(text(report, 'Report', 'ReportDocument', 'TypeCode')).toBe('IN');
    expect(text(report, 'Report', 'TransactionsReport', 'TransactionsCount')).toBe('3');
    const shown = (await list()).rows.find((each) => each.id === id);
    expect(shown).toMatchObject({ status: 'accepted', statusLabel: 'Acceptée', correctable: false });
    // The file as deposited, byte for byte.
    const file = await app.inject({
      method: 'GET',
      url: `/api/company/${garage.companyId}/ereporting/${id}/file`,
      headers: { cookie: garage.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload).equals(Buffer.from(flow?.file ?? []))).toBe(true);
  });
});

describe('the payments report (Flux 10.4)', () => {
  it('reports the services’ share of each payment, the whole of it once the invoice is paid', async () => {
    const invoice = await privateInvoice();
    const pay = async (amount: string) => {
      const paid = await docs.call('POST', '/api/paiement', { invoiceId: invoice.id, amount, type: 'card' });
      expect(paid.statusCode, paid.body).toBe(201);
    };
    const total = invoice.totalAmount;
    await pay('100,00');
    await pay(((total - 10_000) / 100).toFixed(2).replace('.', ','));
    const reporting = await reportingGarage(app.db, garage.companyId);
    if (!reporting) throw new Error('garage');
    const id = await queueReport(app.db, reporting, 'payments', periodOf(today(), 'month'));
    const row = await transmission(id ?? 0);
    // Labour 100,01 € HT at 20 %: 20,00 € of VAT; the whole services share, paid in two times, reported once.
    expect(row.count).toBe(2);
    expect(row.lines).toEqual([{ day: today(), category: 'TPS1', rate: 20, amount: 12_001, tax: 2_000 }]);
    await sendAndAcknowledge();
    expect((await transmission(id ?? 0)).status).toBe('accepted');
    const flow = platform.flows.find((each) => each.trackingId === `ereport-${id}`);
    expect(flow?.flowType).toBe('AggregatedCustomerPaymentReport');
  });
});

describe('two passes at once', () => {
  it('build each period once', async () => {
    const other = await connectedGarage(app, platform, 'secret-du-second');
    const since = new Date(Date.now() - 25 * 86_400_000).toISOString().slice(0, 10);
    const [a, b] = await Promise.all([
      queueGarageReports(app.db, other.companyId, since),
      queueGarageReports(app.db, other.companyId, since),
    ]);
    const rows = await app.db
      .select({ kind: ereportTransmissions.kind, start: ereportTransmissions.periodStart })
      .from(ereportTransmissions)
      .where(eq(ereportTransmissions.companyId, other.companyId));
    expect(a + b).toBe(rows.length);
    expect(new Set(rows.map((row) => `${row.kind} ${row.start}`)).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(1);
  });
});

describe('a change of VAT regime', () => {
  it('starts the new rhythm after the last period reported, neither twice nor with a gap', async () => {
    const other = await connectedGarage(app, platform, 'secret-du-troisieme');
    const reporting = await reportingGarage(app.db, other.companyId);
    if (!reporting) throw new Error('garage');
    await queueReport(app.db, reporting, 'transactions', { start: '2026-09-01', end: '2026-09-10' });
    await app.db.update(companies).set({ vatFiling: 'simplified' }).where(eq(companies.id, other.companyId));
    await queueGarageReports(app.db, other.companyId);
    const rows = await app.db
      .select({ start: ereportTransmissions.periodStart, end: ereportTransmissions.periodEnd })
      .from(ereportTransmissions)
      .where(and(eq(ereportTransmissions.companyId, other.companyId), eq(ereportTransmissions.kind, 'transactions')))
      .orderBy(ereportTransmissions.periodStart);
    expect(rows.slice(0, 3)).toEqual([
      { start: '2026-09-01', end: '2026-09-10' },
      { start: '2026-09-11', end: '2026-09-30' },
      { start: '2026-10-01', end: '2026-10-31' },
    ]);
  });
});

describe('a platform down for a while', () => {
  it('deposits each report once when it is back', async () => {
    const reporting = await reportingGarage(app.db, garage.companyId);
    if (!reporting) throw new Error('garage');
    const id = await queueReport(app.db, reporting, 'transactions', { start: '2026-01-01', end: '2026-01-10' });
    platform.setDown(true);
    await sendPendingFlows(app.db, app.senders.key);
    const waiting = (await list()).rows.find((each) => each.id === id);
    expect(waiting?.status).toBe('queued');
    expect(waiting?.reason).toMatch(/^Non transmis : .*nouvel essai le/);
    platform.setDown(false);
    const row = await transmission(id ?? 0);
    // The back-off's wait, skipped.
    await app.db
      .update(outbox)
      .set({ nextAttemptAt: null })
      .where(eq(outbox.id, row.outboxId ?? 0));
    await sendAndAcknowledge();
    await sendAndAcknowledge();
    expect(platform.flows.filter((each) => each.trackingId === `ereport-${id}`)).toHaveLength(1);
    expect((await transmission(id ?? 0)).status).toBe('accepted');
  });
});

describe('the e-reporting page’s calls', () => {
  it('« Transmettre maintenant » and the regime that sets the periods', async () => {
    const run = await app.inject({
      method: 'POST',
      url: `/api/company/${garage.companyId}/ereporting/run`,
      headers: { cookie: garage.cookie },
    });
    expect(run.statusCode, run.body).toBe(200);
    const regime = await app.inject({
      method: 'PUT',
      url: `/api/company/${garage.companyId}/profile`,
      headers: { cookie: garage.cookie },
      payload: { ...(await profile()), vatFiling: 'franchise' },
    });
    expect(regime.statusCode, regime.body).toBe(200);
    expect(await overview()).toMatchObject({
      vatFilingLabel: 'Franchise en base de TVA',
      transactionsEvery: 'tous les deux mois',
    });
    const wrong = await app.inject({
      method: 'PUT',
      url: `/api/company/${garage.companyId}/profile`,
      headers: { cookie: garage.cookie },
      payload: { ...(await profile()), vatFiling: 'mensuel' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Régime de TVA inconnu');
  });

  it('a garage without a platform is told where to set it', async () => {
    const other = await ownTestGarage(app);
    const run = await app.inject({
      method: 'POST',
      url: `/api/company/${other.companyId}/ereporting/run`,
      headers: { cookie: other.cookie },
    });
    expect(run.statusCode).toBe(409);
    expect(run.json().message).toContain('Facturation électronique');
    expect((await overview(other.cookie, other.companyId)).connected).toBe(false);
  });

  it('another garage sees none of it', async () => {
    const other = await ownTestGarage(app);
    const [mine] = await app.db
      .select({ id: ereportTransmissions.id })
      .from(ereportTransmissions)
      .where(and(eq(ereportTransmissions.companyId, garage.companyId)));
    const asOther = (url: string, method: 'GET' | 'POST' = 'GET') =>
      app.inject({ method, url, headers: { cookie: other.cookie } });
    expect((await asOther(`/api/company/${garage.companyId}/ereporting`)).statusCode).toBe(403);
    expect((await asOther(`/api/company/${garage.companyId}/ereporting/list`)).statusCode).toBe(403);
    expect((await asOther(`/api/company/${other.companyId}/ereporting/${mine?.id}/file`)).statusCode).toBe(404);
    expect(
      (await asOther(`/api/company/${other.companyId}/ereporting/${mine?.id}/correction`, 'POST')).statusCode,
    ).toBe(404);
    expect((await list(other.cookie, other.companyId)).rows).toEqual([]);
  });

  it('every request the connector sent conforms to XP Z12-013', () => {
    expectConformingRequests(platform);
  });
});

async function profile() {
  const response = await app.inject({
    method: 'GET',
    url: `/api/company/${garage.companyId}/profile`,
    headers: { cookie: garage.cookie },
  });
  const { id: _id, tradeName: _tradeName, ...fields } = response.json();
  return fields;
}
