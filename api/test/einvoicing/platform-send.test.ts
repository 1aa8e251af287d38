import { type DirectoryLookup, type DocumentPlatform, directoryHint, vatNumberOf, withLuhnKey } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, notifications, outbox } from '../../src/db/schema';
import { splitByRate } from '../../src/modules/einvoicing/collected';
import { readCdar } from '../../src/modules/einvoicing/lifecycle/cdar';
import { sendPendingFlows } from '../../src/modules/einvoicing/platform-dispatcher';
import { queueDeposit, queueMissedDeposits } from '../../src/modules/einvoicing/sent-invoices';
import type { TestPlatform } from '../../src/test-platform/server';
import { billing, body, line } from '../billing/fixtures';
import { type Connected, connectedGarage, expectConformingRequests, startConnectedApp } from './platform-setup';

/*
 * Sending through the approved platform: an invoice issued to a business leaves as its Factur-X original, once,
 * tracked by the document's id; every status coming back (Déposée, Mise à disposition, Prise en charge, Approuvée,
 * Refusée, Rejetée…) is in the document's history and on the document; a refusal or a rejection reaches the
 * recoveries to treat and the garage's admins.
 */

let app: FastifyInstance;
let platform: TestPlatform;
let garage: Connected;
let docs: ReturnType<typeof billing>;
const BUYER_SIREN = withLuhnKey('43210987');
const UNKNOWN_SIREN = withLuhnKey('43210999');

beforeAll(async () => {
  ({ app, platform } = await startConnectedApp());
  garage = await connectedGarage(app, platform);
  docs = billing(app, garage.cookie);
  platform.addDirectoryEntry({
    siren: BUYER_SIREN,
    businessName: 'Transports Rhône SARL',
    lines: [
      {
        addressingIdentifier: `0225:${BUYER_SIREN}`,
        platformType: 'WK',
        directoryLineStatus: 'Enabled',
        siren: BUYER_SIREN,
      },
    ],
  });
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

const business = (siren: string) => ({
  name: 'Transports Rhône SARL',
  isBusiness: true,
  siren,
  vatNumber: vatNumberOf(siren),
  email: 'compta@transports-rhone.example',
});
async function issueTo(siren: string) {
  const issued = await docs.issue(await docs.create('invoice', body({ customer: business(siren) })));
  return issued;
}
const platformOf = async (id: number) =>
  (await docs.call('GET', `/api/einvoicing/document/${id}`)).json() as DocumentPlatform;
const sync = () =>
  app.inject({
    method: 'POST',
    url: `/api/company/${garage.companyId}/einvoicing/sync`,
    headers: { cookie: garage.cookie },
  });

describe('sending invoices through the platform', () => {
  it('deposits an invoice to a business once, as its Factur-X, and records each status that comes back', async () => {
    const invoice = await issueTo(BUYER_SIREN);
    expect((await platformOf(invoice.id)).label).toBe('En file d’envoi');
    await sendPendingFlows(app.db, app.senders.key);
    const deposited = platform.flows.filter((flow) => flow.flowType === 'CustomerInvoice');
    expect(deposited).toHaveLength(1);
    expect(deposited[0]).toMatchObject({
      trackingId: `document-${invoice.id}`,
      flowSyntax: 'Factur-X',
      name: `${invoice.number}.pdf`,
    });
    // Asked again (a retried click, a second instance): nothing more is queued.
    expect(await queueDeposit(app.db, invoice.id)).toBe(false);
    await sync();
    let view = await platformOf(invoice.id);
    expect(view.events.map((event) => event.code)).toEqual(['200', '203']);
    expect(view.label).toBe('Mise à disposition');
    expect(view.deposit?.flowId).toBe(deposited[0]?.flowId);
    await platform.buyerStatus(garage.siren, invoice.number ?? '', '204');
    await platform.buyerStatus(garage.siren, invoice.number ?? '', '205');
    await sync();
    view = await platformOf(invoice.id);
    expect(view.events.map((event) => event.label)).toEqual([
      'Déposée',
      'Mise à disposition',
      'Prise en charge',
      'Approuvée',
    ]);
    expect(view.status).toBe('205');
    // The CDAR says French local time without a zone: read back as the instant it was set.
    const last = new Date(view.events.at(-1)?.at ?? 0).getTime();
    expect(Math.abs(Date.now() - last)).toBeLessThan(60_000);
  });

  it('a dispute with its reason, then the payment announced, each in the history', async () => {
    const invoice = await issueTo(BUYER_SIREN);
    await sendPendingFlows(app.db, app.senders.key);
    await platform.buyerStatus(garage.siren, invoice.number ?? '', '207', {
      code: 'QTE_ERR',
      text: 'Deux joints facturés, un posé',
    });
    await platform.buyerStatus(garage.siren, invoice.number ?? '', '211');
    await sync();
    const view = await platformOf(invoice.id);
    expect(view.events.map((event) => event.label)).toEqual([
      'Déposée',
      'Mise à disposition',
      'En litige',
      'Paiement transmis',
    ]);
    expect(view.events[2]?.reason).toEqual({ code: 'QTE_ERR', text: 'Deux joints facturés, un posé' });
    expect(view.label).toBe('Paiement transmis');
  });

  it('a refusal reaches the recoveries to treat and the garage’s admins, with its reason', async () => {
    const invoice = await issueTo(BUYER_SIREN);
    await sendPendingFlows(app.db, app.senders.key);
    await sync();
    await platform.buyerStatus(garage.siren, invoice.number ?? '', '210', {
      code: 'MONTANTTOTAL_ERR',
      text: 'Remise non appliquée',
    });
    await sync();
    const view = await platformOf(invoice.id);
    expect(view.label).toBe('Refusée');
    expect(view.events.at(-1)?.reason).toEqual({ code: 'MONTANTTOTAL_ERR', text: 'Remise non appliquée' });
    const recoveries = await docs.call('GET', '/api/recovery/list/all?page=1&pageSize=50');
    expect(JSON.stringify(recoveries.json())).toContain(invoice.number);
    // The invoice list's « Plateforme » column filters by the status's French label.
    const refusedOnly = await docs.call(
      'GET',
      `/api/quotation/list/invoice?filters=${encodeURIComponent(JSON.stringify({ 7: 'refus' }))}`,
    );
    expect((refusedOnly.json() as { data: { number: string; platformStatus: string }[] }).data).toEqual([
      expect.objectContaining({ number: invoice.number, platformStatus: '210' }),
    ]);
    const told = await app.db.select().from(notifications).where(eq(notifications.companyId, garage.companyId));
    expect(told.map((row) => row.content).join('\n')).toContain(
      `Facture ${invoice.number} refusée par Transports Rhône SARL`,
    );
  });

  it('an invoice to a buyer the directory does not know is rejected by the platform, and said so', async () => {
    const invoice = await issueTo(UNKNOWN_SIREN);
    await sendPendingFlows(app.db, app.senders.key);
    await sync();
    const view = await platformOf(invoice.id);
    expect(view.events.map((event) => event.code)).toEqual(['200', '213']);
    expect(view.events[1]?.reason?.code).toBe('REJ_ADR');
    const recoveries = await docs.call('GET', '/api/recovery/list/all?page=1&pageSize=50');
    expect(JSON.stringify(recoveries.json())).toContain(invoice.number);
  });

  it('a payment of a services invoice, VAT due on receipt, is sent back « Encaissée » with the amount per VAT rate', async () => {
    const draft = await docs.create(
      'invoice',
      body({
        customer: business(BUYER_SIREN),
        lines: [
          line({ title: 'Pose pare-brise', preTaxAmount: '100,00' }),
          line({ title: 'Manuel', preTaxAmount: '10,00', taxRate: 5.5, position: 2 }),
        ],
      }),
    );
    const invoice = await docs.issue(draft);
    await sendPendingFlows(app.db, app.senders.key);
    // 120,00 € at 20 % and 10,55 € at 5,5 %: 65,27 € paid splits 60,00 € and 5,27 €.
    const paid = await docs.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '65,27', type: 'transfer' });
    expect(paid.statusCode, paid.body).toBe(201);
    await sendPendingFlows(app.db, app.senders.key);
    const collected = platform.flows.filter((flow) => flow.flowSyntax === 'CDAR' && flow.flowDirection === 'Out');
    const xml = new TextDecoder().decode(collected.at(-1)?.file);
    expect(readCdar(xml)).toMatchObject({ invoiceNumber: invoice.number, code: '212' });
    expect(collected.at(-1)?.flowType).toBe('CustomerInvoiceLC');
    expect(xml).toContain('60.00');
    expect(xml).toContain('5.27');
    expect((await platformOf(invoice.id)).events.at(-1)).toMatchObject({ code: '212', label: 'Encaissée' });
    expect(
      splitByRate(100, [
        { rate: 20, total: 1 },
        { rate: 10, total: 1 },
        { rate: 5.5, total: 1 },
      ]).map((each) => each.cents),
    ).toEqual([34, 33, 33]);
  });

  it('an invoice whose deposit was never queued (the process stopped after the issue) is queued by the next pass', async () => {
    const invoice = await issueTo(BUYER_SIREN);
    await app.db.delete(outbox).where(and(eq(outbox.channel, 'platform'), eq(outbox.documentId, invoice.id)));
    await app.db.update(billingDocuments).set({ platformStatus: null }).where(eq(billingDocuments.id, invoice.id));
    expect(await queueMissedDeposits(app.db)).toBe(1);
    expect(await queueMissedDeposits(app.db)).toBe(0);
    expect((await platformOf(invoice.id)).label).toBe('En file d’envoi');
  });

  it('a private customer’s invoice does not go through the platform (it is e-reported instead)', async () => {
    const invoice = await docs.issue(await docs.create('invoice', body()));
    expect((await platformOf(invoice.id)).deposit).toBeNull();
    const [queued] = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'platform'), eq(outbox.documentId, invoice.id)));
    expect(queued).toBeUndefined();
  });

  it('tells whether a buyer receives e-invoices and where, from the directory, kept a day', async () => {
    const lookup = (siren: string) =>
      docs
        .call('GET', `/api/company/${garage.companyId}/einvoicing/directory/${siren}`)
        .then((answer) => answer.json() as DirectoryLookup);
    const known = await lookup(BUYER_SIREN);
    expect(known).toMatchObject({
      state: 'receives',
      address: `0225:${BUYER_SIREN}`,
      businessName: 'Transports Rhône SARL',
    });
    expect(directoryHint(known)).toBe(
      `Reçoit les factures électroniques à l’adresse 0225:${BUYER_SIREN} (Transports Rhône SARL)`,
    );
    expect((await lookup(UNKNOWN_SIREN)).state).toBe('not-found');
    // Kept a day: the platform down, the answer stays.
    platform.setDown(true);
    expect(await lookup(BUYER_SIREN)).toEqual(known);
    expect((await lookup(withLuhnKey('11122233'))).state).toBe('unavailable');
    platform.setDown(false);
    const refused = await docs.call('GET', `/api/company/${garage.companyId}/einvoicing/directory/12345`);
    expect(refused.statusCode).toBe(400);
  });

  it('every request the connector sent conforms to the XP Z12-013 documents', () => {
    expectConformingRequests(platform);
  });
});
