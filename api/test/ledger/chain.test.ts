import { integrityReportSchema } from 'contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, ledgerHeads, ledgerLinks, payments } from '../../src/db/schema';
import { verifyChain } from '../../src/modules/ledger/integrity';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, login, ownTestGarage } from '../helpers';
import { companyId } from '../notifications/fixtures';

/*
 * The inalterable chain (CGI art. 286 I 3° bis): every issued invoice and credit note, every payment and
 * cancellation is a link written with its record; the check names exactly what was changed behind the API.
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

const issuedInvoice = async (euros = '100,00') =>
  api.issue(await api.create('invoice', body({ lines: [line({ preTaxAmount: euros })] })));
/** Runs statements as a database administrator bypassing the triggers (what the chain must still catch). */
const behindTheApi = (
  statements: (tx: Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0]) => Promise<unknown>,
) =>
  app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await statements(tx);
  });
const linksOf = (id: number) =>
  app.db.select().from(ledgerLinks).where(eq(ledgerLinks.companyId, id)).orderBy(asc(ledgerLinks.seq));

describe('the inalterable chain', () => {
  it('links every issued invoice, credit note, payment and cancellation in order, with perpetual grand totals', async () => {
    const own = await ownTestGarage(app);
    const ownApi = billing(app, own.cookie);
    const invoice = await ownApi.issue(await ownApi.create('invoice', body()));
    await ownApi.issue(await ownApi.create('quotation', body())); // a quote is not a sale: no link
    const paid = await ownApi.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '50,00', type: 'cash' });
    expect(paid.statusCode).toBe(201);
    const cancelled = await ownApi.call('POST', `/api/paiement/${paid.json().id}/cancel`, {
      reason: 'Erreur de saisie',
    });
    expect(cancelled.statusCode).toBe(201);
    const creditId = (await ownApi.call('POST', `/api/quotation/${invoice.id}/credit-note`, { reason: 'Geste' })).json()
      .id as number;
    const credit = await ownApi.issue(creditId);

    const links = await linksOf(own.companyId);
    expect(links.map((link) => [link.seq, link.kind, link.reference])).toEqual([
      [1, 'invoice', invoice.number],
      [2, 'payment', invoice.number],
      [3, 'payment', invoice.number],
      [4, 'credit-note', credit.number],
    ]);
    expect(links[0]?.previousHash).toBe('0'.repeat(64));
    expect(links.slice(1).map((link) => link.previousHash)).toEqual(links.slice(0, -1).map((link) => link.hash));
    expect(links.at(-1)).toMatchObject({ salesTotal: invoice.totalAmount + credit.totalAmount, receipts: { cash: 0 } });
    expect(links[1]?.receipts).toEqual({ cash: 5_000 });
    const report = await verifyChain(app.db, own.companyId);
    expect(report).toMatchObject({ valid: true, checked: 4, problems: [], head: { seq: 4, hash: links[3]?.hash } });
  });

  it('an issued invoice altered by SQL is reported, exactly that one and only it, with what differs', async () => {
    const before = await issuedInvoice();
    const target = await issuedInvoice('250,00');
    await issuedInvoice();
    expect((await verifyChain(app.db, garage.companyId)).valid).toBe(true);
    await behindTheApi((tx) =>
      tx
        .update(billingDocuments)
        .set({ totalAmount: 1, customer: sql`jsonb_set(${billingDocuments.customer}, '{name}', '"Autre"')` })
        .where(eq(billingDocuments.id, target.id)),
    );
    const report = await verifyChain(app.db, garage.companyId);
    expect(report.valid).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({
        problem: 'record-altered',
        kind: 'invoice',
        reference: target.number,
        differences: ['buyer', 'totalAmount'],
      }),
    ]);
    expect(before.number).not.toBe(target.number);
  });

  it('a payment changed behind the API is reported; a deleted link breaks the chain at its place', async () => {
    const own = await ownTestGarage(app);
    const ownApi = billing(app, own.cookie);
    const invoice = await ownApi.issue(await ownApi.create('invoice', body()));
    const paid = (
      await ownApi.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '20,00', type: 'card' })
    ).json().id as number;
    await ownApi.issue(await ownApi.create('invoice', body()));
    await ownApi.issue(await ownApi.create('invoice', body()));
    await behindTheApi((tx) => tx.update(payments).set({ amount: 1 }).where(eq(payments.id, paid)));
    expect((await verifyChain(app.db, own.companyId)).problems).toEqual([
      expect.objectContaining({ seq: 2, problem: 'record-altered', kind: 'payment', differences: ['amount'] }),
    ]);
    await behindTheApi((tx) =>
      tx.delete(ledgerLinks).where(and(eq(ledgerLinks.companyId, own.companyId), eq(ledgerLinks.seq, 3))),
    );
    const report = await verifyChain(app.db, own.companyId);
    expect(report.problems[1]).toMatchObject({ seq: 3, problem: 'link-missing' });
    // The invoice of the removed link is now outside the chain, and said so.
    expect(report.problems.map((problem) => problem.problem)).toContain('record-unchained');
  });

  it('a link rewritten by SQL is reported as such; so is a removed last link', async () => {
    const own = await ownTestGarage(app);
    const ownApi = billing(app, own.cookie);
    await ownApi.issue(await ownApi.create('invoice', body()));
    await ownApi.issue(await ownApi.create('invoice', body()));
    await behindTheApi((tx) =>
      tx
        .update(ledgerLinks)
        .set({ salesTotal: 1 })
        .where(and(eq(ledgerLinks.companyId, own.companyId), eq(ledgerLinks.seq, 1))),
    );
    expect((await verifyChain(app.db, own.companyId)).problems[0]).toMatchObject({
      seq: 1,
      problem: 'link-altered',
      differences: ['salesTotal'],
    });
    await behindTheApi((tx) =>
      tx.delete(ledgerLinks).where(and(eq(ledgerLinks.companyId, own.companyId), eq(ledgerLinks.seq, 2))),
    );
    const problems = (await verifyChain(app.db, own.companyId)).problems;
    expect(problems).toContainEqual(expect.objectContaining({ seq: 2, problem: 'link-missing' }));
  });

  it('refuses UPDATE and DELETE of a link in the database itself', async () => {
    await issuedInvoice();
    const [first] = await linksOf(garage.companyId);
    const byId = eq(ledgerLinks.id, first?.id ?? 0);
    await expect(app.db.update(ledgerLinks).set({ hash: 'x' }).where(byId)).rejects.toThrow();
    await expect(app.db.delete(ledgerLinks).where(byId)).rejects.toThrow();
  });

  it('50 concurrent issues and payments of one garage keep one unbroken chain', async () => {
    const own = await ownTestGarage(app);
    const ownApi = billing(app, own.cookie);
    const issuedFirst = await Promise.all(
      Array.from({ length: 25 }, async () => ownApi.issue(await ownApi.create('invoice', body()))),
    );
    const drafts = await Promise.all(Array.from({ length: 25 }, () => ownApi.create('invoice', body())));
    const answers = await Promise.all([
      ...drafts.map((id) => ownApi.call('POST', `/api/quotation/${id}/issue`)),
      ...issuedFirst.map((invoice) =>
        ownApi.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '10,00', type: 'transfer' }),
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 300)).toEqual([]);
    const links = await linksOf(own.companyId);
    expect(links.map((link) => link.seq)).toEqual(Array.from({ length: 75 }, (_, index) => index + 1));
    const report = await verifyChain(app.db, own.companyId);
    expect(report).toMatchObject({ valid: true, checked: 75 });
    expect(report.head?.receipts).toEqual({ transfer: 25_000 });
    const [head] = await app.db.select().from(ledgerHeads).where(eq(ledgerHeads.companyId, own.companyId));
    expect(head?.seq).toBe(75);
  });

  it('every demo garage’s chain is whole: its demo records were chained in the order they happened', async () => {
    for (const name of ['lyon', 'paris', 'centre', 'martin'] as const) {
      const report = await verifyChain(app.db, await companyId(app, name));
      expect(report.problems, name).toEqual([]);
      expect(report.checked, name).toBeGreaterThan(10);
    }
  });
});

describe('GET /api/integrity/{companyId}', () => {
  it('answers the report of one of the caller’s garages, and nothing of another one', async () => {
    const report = await app.inject({
      method: 'GET',
      url: `/api/integrity/${garage.companyId}`,
      headers: { cookie: garage.cookie },
    });
    expect(report.statusCode).toBe(200);
    expect(integrityReportSchema.parse(report.json()).companyId).toBe(garage.companyId);
    const lyon = await companyId(app, 'lyon');
    const other = await app.inject({
      method: 'GET',
      url: `/api/integrity/${lyon}`,
      headers: { cookie: garage.cookie },
    });
    expect(other.statusCode).toBe(403);
    const accountant = await login(app, 'comptable@demo.garage.fr');
    const centre = await companyId(app, 'centre');
    expect(
      (await app.inject({ method: 'GET', url: `/api/integrity/${centre}`, headers: { cookie: accountant } })).json()
        .valid,
    ).toBe(true);
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect(
      (await app.inject({ method: 'GET', url: `/api/integrity/${lyon}`, headers: { cookie: fitter } })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/integrity/${lyon}` })).statusCode).toBe(401);
  });
});
