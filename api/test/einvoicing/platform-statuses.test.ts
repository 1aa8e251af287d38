import type { ReceivedInvoiceView } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenses, outbox } from '../../src/db/schema';
import { readCdar } from '../../src/modules/einvoicing/lifecycle/cdar';
import { deliverFlow, sendPendingFlows } from '../../src/modules/einvoicing/platform-dispatcher';
import type { TestPlatform } from '../../src/test-platform/server';
import { supplierInvoiceFile } from '../../src/test-platform/supplier-invoice';
import { partsInvoice } from './fixtures';
import { type Connected, connectedGarage, expectConformingRequests, startConnectedApp } from './platform-setup';

/*
 * The garage's answer to a supplier invoice, back to the supplier through the platform: each status a lifecycle
 * message (CDAR) leaving through the outbox, in order, once; a platform down, rate-limiting or expiring its tokens
 * delays it, never loses nor doubles it; a final status stays final.
 */

let app: FastifyInstance;
let platform: TestPlatform;
let garage: Connected;
const expenseIds: number[] = [];

beforeAll(async () => {
  ({ app, platform } = await startConnectedApp());
  garage = await connectedGarage(app, platform);
  for (const number of ['FA-1', 'FA-2', 'FA-3']) {
    await platform.deliver(garage.siren, await supplierInvoiceFile({ ...partsInvoice(garage.siren), number }, 'CII'));
  }
  await app.inject({
    method: 'POST',
    url: `/api/company/${garage.companyId}/einvoicing/sync`,
    headers: { cookie: garage.cookie },
  });
  const rows = await app.db
    .select({ id: expenses.id })
    .from(expenses)
    .where(eq(expenses.companyId, garage.companyId))
    .orderBy(expenses.id);
  expenseIds.push(...rows.map((row) => row.id));
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

const setStatus = (expenseId: number | undefined, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/einvoicing/expense/${expenseId}/status`,
    headers: { cookie: garage.cookie },
    payload,
  });
const view = async (expenseId: number | undefined) =>
  (
    await app.inject({ method: 'GET', url: `/api/einvoicing/expense/${expenseId}`, headers: { cookie: garage.cookie } })
  ).json() as ReceivedInvoiceView;
/** The lifecycle messages the platform received, read back. */
const statusesAtPlatform = () =>
  platform.flows
    .filter((flow) => flow.flowSyntax === 'CDAR')
    .map((flow) => readCdar(new TextDecoder().decode(flow.file)));
const send = () => sendPendingFlows(app.db, app.senders.key);
const makeDue = () => app.db.update(outbox).set({ nextAttemptAt: null }).where(eq(outbox.channel, 'platform'));

describe('statuses sent back', () => {
  it('refuses a refusal without a reason from the French rules’ list, and changes nothing', async () => {
    for (const reasonCode of ['', 'PAS_CONTENT']) {
      const refused = await setStatus(expenseIds[0], { status: 'refused', reasonCode });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('Choisissez le motif');
    }
    expect((await view(expenseIds[0])).status).toBe('received');
  });

  it('takes, then approves: two CDAR messages, in order, each once', async () => {
    expect((await setStatus(expenseIds[0], { status: 'taken' })).statusCode).toBe(200);
    const approved = await setStatus(expenseIds[0], { status: 'approved' });
    expect(approved.json()).toMatchObject({ status: 'approved', sent: [{ sentAt: null }, { sentAt: null }] });
    // One pass: the second waits for the first of its invoice (one at a time, in order).
    await send();
    expect(statusesAtPlatform().map((status) => status.code)).toEqual(['204']);
    await send();
    const at = statusesAtPlatform();
    expect(
      platform.flows
        .filter((flow) => flow.flowSyntax === 'CDAR')
        .every((flow) => flow.flowType === 'SupplierInvoiceLC'),
    ).toBe(true);
    expect(at.map((status) => [status.invoiceNumber, status.code])).toEqual([
      ['FA-1', '204'],
      ['FA-1', '205'],
    ]);
    expect((await view(expenseIds[0])).sent.every((each) => each.sentAt !== null)).toBe(true);
    const final = await setStatus(expenseIds[0], { status: 'refused', reasonCode: 'DOUBLON' });
    expect(final.statusCode).toBe(409);
  });

  it('a platform down keeps the refusal waiting with its reason, then sends it once', async () => {
    platform.setDown(true);
    expect((await setStatus(expenseIds[1], { status: 'refused', reasonCode: 'PU_ERR' })).statusCode).toBe(400);
    expect(
      (await setStatus(expenseIds[1], { status: 'refused', reasonCode: 'CALCUL_ERR', reasonText: 'Remise oubliée' }))
        .statusCode,
    ).toBe(200);
    await send();
    const waiting = (await view(expenseIds[1])).sent[0];
    expect(waiting?.sentAt).toBeNull();
    expect(waiting?.lastError).toContain('plateforme indisponible');
    expect(waiting?.nextAttemptAt).not.toBeNull();
    platform.setDown(false);
    await makeDue();
    await send();
    const refusals = statusesAtPlatform().filter((status) => status.code === '210');
    expect(refusals).toEqual([
      expect.objectContaining({ invoiceNumber: 'FA-2', reason: { code: 'CALCUL_ERR', text: 'Remise oubliée' } }),
    ]);
  });

  it('waits as long as a 429 asks, and gets a new token when the platform forgot the old one', async () => {
    platform.rateLimit(1, 120);
    expect((await setStatus(expenseIds[2], { status: 'disputed', reasonCode: 'QTE_ERR' })).statusCode).toBe(200);
    await send();
    const [row] = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'platform'), eq(outbox.sequenceKey, `received:${expenseIds[2]}`)));
    const wait = (row?.nextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(100_000);
    expect(wait).toBeLessThanOrEqual(121_000);
    platform.expireTokens();
    await makeDue();
    await send();
    expect(statusesAtPlatform().filter((status) => status.code === '207')).toHaveLength(1);
  });

  it('never deposits twice: a retry after a try that reached the platform finds it by its tracking id', async () => {
    const [sentRow] = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'platform'), eq(outbox.sequenceKey, `received:${expenseIds[2]}`)));
    const before = platform.flows.length;
    const again = await deliverFlow(app.db, app.senders.key, {
      id: sentRow?.id ?? 0,
      companyId: garage.companyId,
      to: sentRow?.to ?? '',
      subject: '',
      body: sentRow?.body ?? '',
      cc: null,
      documentId: null,
      attachmentName: sentRow?.attachmentName ?? null,
      attachment: null,
      attempts: 2,
      createdAt: new Date(),
    });
    expect(again.providerMessageId).toBe(sentRow?.providerMessageId);
    expect(platform.flows.length).toBe(before);
  });

  it('every request the connector sent conforms to the XP Z12-013 documents', () => {
    expectConformingRequests(platform);
  });
});
