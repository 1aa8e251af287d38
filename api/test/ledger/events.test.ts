import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEvents } from '../../src/db/schema';
import { INSTANCE } from '../../src/modules/ledger/events';
import { verifyChain } from '../../src/modules/ledger/integrity';
import { logStartup } from '../../src/modules/ledger/startup';
import { billing, body } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';

/*
 * The technical event log: reprints, exports, changes of the legal identity, failed checks and start-ups,
 * chained per garage like the records, and checked with them.
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  api = billing(app, garage.cookie);
});
afterAll(() => app.close());

const eventsOf = (companyId: number) =>
  app.db.select().from(ledgerEvents).where(eq(ledgerEvents.companyId, companyId)).orderBy(desc(ledgerEvents.seq));

describe('the technical event log', () => {
  it('logs each download of an issued original as a reprint, with its digest; a draft’s preview is not one', async () => {
    const invoice = await api.issue(await api.create('invoice', body()));
    const pdf = (await api.call('GET', `/api/quotation/${invoice.id}/pdf`)).rawPayload;
    await api.call('GET', `/api/quotation/${await api.create('invoice', body())}/pdf`);
    const [last] = await eventsOf(garage.companyId);
    expect(last).toMatchObject({
      kind: 'reprint',
      details: { number: invoice.number, type: 'invoice', sha256: createHash('sha256').update(pdf).digest('hex') },
    });
    expect((await eventsOf(garage.companyId)).filter((event) => event.kind === 'reprint')).toHaveLength(1);
  });

  it('logs a period export once written, with the file’s name, size and SHA-256', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const file = await api.call('GET', `/api/quotation/list/invoice/export?from=${day}&to=${day}&format=csv`);
    expect(file.statusCode).toBe(200);
    const [last] = await eventsOf(garage.companyId);
    expect(last).toMatchObject({
      kind: 'export',
      details: {
        export: 'invoice',
        bytes: file.rawPayload.length,
        sha256: createHash('sha256').update(file.rawPayload).digest('hex'),
      },
    });
  });

  it('logs a change of the legal identity with what it was and what it became, not other changes', async () => {
    const current = (await api.call('GET', `/api/company/${garage.companyId}/profile`)).json();
    const { id: _id, ...profile } = current;
    const before = (await eventsOf(garage.companyId)).length;
    const saved = await api.call('PUT', `/api/company/${garage.companyId}/profile`, {
      ...profile,
      legalForm: 'SARL',
      shareCapital: '8 000,00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [last] = await eventsOf(garage.companyId);
    expect(last).toMatchObject({
      kind: 'identity-change',
      details: {
        legalForm: { before: current.legalForm, after: 'SARL' },
        shareCapital: { before: current.shareCapital, after: 800_000 },
      },
    });
    await api.call('PUT', `/api/company/${garage.companyId}/profile`, {
      ...profile,
      legalForm: 'SARL',
      shareCapital: '8 000,00',
      phone: '0478000000',
    });
    expect((await eventsOf(garage.companyId)).length).toBe(before + 1);
  });

  it('a failed check is logged; an event changed behind the API is reported by the check', async () => {
    const own = await ownTestGarage(app);
    const ownApi = billing(app, own.cookie);
    const invoice = await ownApi.issue(await ownApi.create('invoice', body()));
    await ownApi.call('GET', `/api/quotation/${invoice.id}/pdf`);
    expect((await verifyChain(app.db, own.companyId)).valid).toBe(true);
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(ledgerEvents)
        .set({ details: sql`jsonb_set(${ledgerEvents.details}, '{number}', '"F-FAUX"')` })
        .where(and(eq(ledgerEvents.companyId, own.companyId), eq(ledgerEvents.seq, 1)));
    });
    const check = await app.inject({
      method: 'GET',
      url: `/api/integrity/${own.companyId}`,
      headers: { cookie: own.cookie },
    });
    expect(check.json().problems).toEqual([
      expect.objectContaining({ seq: 1, problem: 'event-altered', kind: 'reprint', differences: ['details'] }),
    ]);
    const [last] = await eventsOf(own.companyId);
    expect(last).toMatchObject({ kind: 'integrity-failure', details: { problems: 1 } });
  });

  it('a start-up is an event of the instance, naming the schema it runs', async () => {
    await logStartup(app.db, 0);
    const [last] = await eventsOf(INSTANCE);
    expect(last?.kind).toBe('startup');
    expect(Number(last?.details.migrationsApplied)).toBeGreaterThanOrEqual(35);
    expect((await verifyChain(app.db, INSTANCE)).problems).toEqual([]);
  });

  it('refuses UPDATE and DELETE of an event in the database itself', async () => {
    await expect(app.db.update(ledgerEvents).set({ kind: 'x' })).rejects.toThrow();
    await expect(app.db.delete(ledgerEvents)).rejects.toThrow();
  });
});
