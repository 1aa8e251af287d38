import { type IncomingFlow, platformSettingsViewSchema, type ReceivedInvoiceView } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenses, platformWebhooks, sendingSettings, suppliers } from '../../src/db/schema';
import { newPdf } from '../../src/lib/pdf-document';
import type { TestPlatform } from '../../src/test-platform/server';
import { supplierInvoiceFile } from '../../src/test-platform/supplier-invoice';
import { multipart } from '../helpers';
import { partsInvoice } from './fixtures';
import { type Connected, connectedGarage, expectConformingRequests, startConnectedApp } from './platform-setup';

/*
 * Receiving supplier invoices from the approved platform (XP Z12-013), against the test platform over real HTTP:
 * the settings and their test, three invoices (Factur-X through the webhook, CII and UBL through the search) booked
 * as expenses to the cent, a duplicate refused once, an unreadable file kept « à traiter », a manual import, a
 * platform down then back, and no garage seeing another's. Every request sent conforms to the documents.
 */

let app: FastifyInstance;
let platform: TestPlatform;
let garage: Connected;
let other: Connected;

beforeAll(async () => {
  ({ app, platform } = await startConnectedApp());
  garage = await connectedGarage(app, platform);
  other = await connectedGarage(app, platform, 'autre-secret');
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

const get = (who: Connected, url: string) => app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (who: Connected, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const expensesOf = (companyId: number) =>
  app.db.select().from(expenses).where(eq(expenses.companyId, companyId)).orderBy(expenses.id);
const unbooked = async (who: Connected) =>
  ((await get(who, '/api/einvoicing/received')).json() as { data: IncomingFlow[] }).data;

describe('the connection', () => {
  it('keeps the client secret sealed and never answers it', async () => {
    const view = platformSettingsViewSchema.parse(
      (await get(garage, `/api/company/${garage.companyId}/einvoicing`)).json(),
    );
    expect(view).toMatchObject({
      source: 'garage',
      garage: { clientSecretSet: true },
      electronicAddress: `0225:${garage.siren}`,
    });
    expect(JSON.stringify(view)).not.toContain('secret-du-garage');
    const [row] = await app.db
      .select()
      .from(sendingSettings)
      .where(and(eq(sendingSettings.companyId, garage.companyId), eq(sendingSettings.channel, 'platform')));
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain('secret-du-garage');
  });

  it('« Tester la connexion » gets a token, reads the directory and subscribes the webhook', async () => {
    for (const who of [garage, other]) {
      const result = await post(who, `/api/company/${who.companyId}/einvoicing/test`);
      expect(result.statusCode, result.body).toBe(200);
      const body = result.json() as { ok: boolean; steps: { label: string; ok: boolean; detail: string }[] };
      expect(body.steps.map((step) => step.ok)).toEqual([true, true, true, true]);
      expect(body.steps[2]?.detail).toContain(`reçoit les factures à l’adresse 0225:${who.siren}`);
    }
    const [webhook] = await app.db
      .select()
      .from(platformWebhooks)
      .where(eq(platformWebhooks.companyId, garage.companyId));
    expect(webhook?.callbackUrl).toBe(`${app.config.publicUrl}/api/einvoicing/webhook/${garage.companyId}`);
  });

  it('a wrong secret stops the test at the token with the platform’s refusal', async () => {
    const url = `/api/company/${other.companyId}/einvoicing`;
    const view = (await get(other, url)).json() as { garage: Record<string, string> };
    const { clientSecretSet: _set, ...settings } = view.garage;
    const wrong = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: other.cookie },
      payload: { level: 'garage', platform: { ...settings, clientSecret: 'faux' } },
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const result = (await post(other, `${url}/test`)).json() as {
      ok: boolean;
      steps: { ok: boolean; detail: string }[];
    };
    expect(result.ok).toBe(false);
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]?.detail).toContain('accès refusé');
    await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: other.cookie },
      payload: { level: 'garage', platform: { ...settings, clientSecret: 'autre-secret' } },
    });
  });
});

describe('receiving', () => {
  const spec = () => partsInvoice(garage.siren);

  it('books a Factur-X arriving through the webhook: supplier created by SIREN, totals to the cent, file kept', async () => {
    await platform.deliver(garage.siren, await supplierInvoiceFile(spec(), 'Factur-X'));
    await app.answeredWork();
    const [expense] = await expensesOf(garage.companyId);
    expect(expense).toMatchObject({
      preTaxAmount: 48_969,
      taxAmount: 9_215,
      spentOn: '2026-11-02',
      receiptMime: 'application/pdf',
    });
    const view = (await get(garage, `/api/einvoicing/expense/${expense?.id}`)).json() as ReceivedInvoiceView;
    expect(view).toMatchObject({
      syntax: 'Factur-X',
      source: 'platform',
      number: 'FA-2026-0412',
      dueDate: '2026-12-02',
      totalAmount: 58_184,
      status: 'received',
    });
    expect(view.taxes.map((tax) => [Number(tax.rate), tax.base, tax.tax])).toEqual([
      [20, 44_979, 8_996],
      [5.5, 3_990, 219],
    ]);
    const [supplier] = await app.db
      .select()
      .from(suppliers)
      .where(eq(suppliers.id, expense?.supplierId ?? 0));
    expect(supplier?.siret).toBe(spec().seller.siret);
    const receipt = await get(garage, `/api/expense/${expense?.id}/receipt`);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('finds through the search what a lost webhook call did not bring (CII, UBL), and a duplicate once', async () => {
    // The webhook's key is lost: the platform's calls are refused (401), only the search brings the invoices.
    await app.db.delete(platformWebhooks).where(eq(platformWebhooks.companyId, garage.companyId));
    const cii = { ...spec(), number: 'FA-2026-0413' };
    const ubl = { ...spec(), number: 'FA-2026-0414' };
    await platform.deliver(garage.siren, await supplierInvoiceFile(cii, 'CII'));
    await platform.deliver(garage.siren, await supplierInvoiceFile(ubl, 'UBL'));
    await platform.deliver(garage.siren, await supplierInvoiceFile(spec(), 'UBL'));
    expect(platform.webhookCalls.slice(-3).map((call) => call.status)).toEqual([401, 401, 401]);
    expect(await expensesOf(garage.companyId)).toHaveLength(1);
    const synced = await post(garage, `/api/company/${garage.companyId}/einvoicing/sync`);
    expect(synced.json()).toEqual({ received: 3 });
    const booked = await expensesOf(garage.companyId);
    expect(booked.map((expense) => expense.preTaxAmount + expense.taxAmount)).toEqual([58_184, 58_184, 58_184]);
    expect(booked.map((expense) => expense.label.slice(0, 20))).toEqual([
      'Facture FA-2026-0412',
      'Facture FA-2026-0413',
      'Facture FA-2026-0414',
    ]);
    const [duplicate] = await unbooked(garage);
    expect(duplicate).toMatchObject({ state: 'duplicate', syntax: 'UBL', expenseId: booked[0]?.id });
    expect(duplicate?.reason).toContain(
      'Doublon : la facture n° FA-2026-0412 de Pare-Brise Distribution SAS a déjà été reçue',
    );
    // Searched again: nothing new, nothing doubled.
    expect((await post(garage, `/api/company/${garage.companyId}/einvoicing/sync`)).json()).toEqual({ received: 0 });
    expect(await expensesOf(garage.companyId)).toHaveLength(3);
  });

  it('keeps a file that is not an e-invoice « à traiter », with its reason, downloadable as it came', async () => {
    const scan = await newPdf({ title: 'Scan', author: 'Fournisseur', at: new Date() });
    scan.pdf.addPage();
    await platform.deliver(garage.siren, { name: 'scan-facture.pdf', bytes: await scan.pdf.save() });
    await post(garage, `/api/company/${garage.companyId}/einvoicing/sync`);
    const [toTreat] = await unbooked(garage);
    expect(toTreat).toMatchObject({ state: 'to-treat', fileName: 'scan-facture.pdf', expenseId: null });
    expect(toTreat?.reason).toContain('n’est pas une Factur-X');
    const file = await get(garage, `/api/einvoicing/received/${toTreat?.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it('a platform down for a while loses nothing: the search fails in French, then brings the invoice', async () => {
    const late = { ...spec(), number: 'FA-2026-0415' };
    await platform.deliver(garage.siren, await supplierInvoiceFile(late, 'CII'));
    platform.setDown(true);
    const refused = await post(garage, `/api/company/${garage.companyId}/einvoicing/sync`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toContain('plateforme indisponible');
    platform.setDown(false);
    expect((await post(garage, `/api/company/${garage.companyId}/einvoicing/sync`)).json()).toEqual({ received: 1 });
    expect(await expensesOf(garage.companyId)).toHaveLength(4);
  });

  it('imports by hand a file received another way, and refuses its duplicate the same way', async () => {
    const manual = { ...spec(), number: 'FA-2026-0500' };
    const file = await supplierInvoiceFile(manual, 'UBL');
    for (const expected of ['booked', 'duplicate']) {
      const form = await multipart({ file: new Blob([Buffer.from(file.bytes)]) }, file.name);
      const imported = await app.inject({
        method: 'POST',
        url: '/api/einvoicing/received',
        headers: { ...form.headers, cookie: garage.cookie },
        payload: form.payload,
      });
      expect(imported.statusCode, imported.body).toBe(201);
      expect(imported.json().state).toBe(expected);
    }
    const empty = await multipart({ file: new Blob([]) }, 'vide.xml');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/einvoicing/received',
      headers: { ...empty.headers, cookie: garage.cookie },
      payload: empty.payload,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('an invoice addressed to another SIREN is kept « à traiter », not booked', async () => {
    await platform.deliver(
      garage.siren,
      await supplierInvoiceFile({ ...partsInvoice(other.siren), number: 'X-1' }, 'CII'),
    );
    await post(garage, `/api/company/${garage.companyId}/einvoicing/sync`);
    const [toTreat] = await unbooked(garage);
    expect(toTreat?.reason).toContain(`Facture adressée au SIREN ${other.siren}`);
  });

  it('no garage reads or answers another’s received invoices, and a call signed with another key is refused', async () => {
    const [expense] = await expensesOf(garage.companyId);
    const [flow] = await unbooked(garage);
    expect((await get(other, `/api/einvoicing/expense/${expense?.id}`)).statusCode).toBe(404);
    expect(
      (await post(other, `/api/einvoicing/expense/${expense?.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(404);
    expect((await get(other, `/api/einvoicing/received/${flow?.id}/file`)).statusCode).toBe(404);
    expect((await unbooked(other)).map((row) => row.id)).not.toContain(flow?.id);
    const forged = await app.inject({
      method: 'POST',
      url: `/api/einvoicing/webhook/${other.companyId}`,
      headers: {
        'content-type': 'application/json',
        'afnor-signature': 'AAAA',
        'afnor-signature-timestamp': String(Math.floor(Date.now() / 1000)),
      },
      payload: JSON.stringify({ flowId: 'x', flowDirection: 'In', flowType: 'SupplierInvoice' }),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('every request the connector sent conforms to the XP Z12-013 documents', () => {
    expectConformingRequests(platform);
  });
});
