import {
  ACCOUNTING_PATHS,
  BILLING_DOCUMENT_NOT_FOUND,
  fiscalYearAround,
  insurerReceivablesSchema,
  insurerTransferSchema,
  ON_ACCOUNT_NOTHING,
  PAYMENT_NOT_CANCELLABLE,
  parisToday,
} from 'contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, payments } from '../../src/db/schema';
import { dayReceipts } from '../../src/modules/billing/payments/cash-up-repository';
import { verifyChain } from '../../src/modules/ledger/integrity';
import { entriesOf, fecRecords, lineSummary } from '../accounting/fec-file';
import { createTestApp, ownTestGarage } from '../helpers';
import { billing, body, line } from './fixtures';

/*
 * Money an insurer leaves on account: a transfer above what the ticked invoices owe keeps its rest on the insurer's
 * account (held by the newest invoice), shown in « Créances assureurs » and applied later to another of its invoices
 * in the same garage. Real invoices issued through the API, real payments, the FEC read back.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

/** A garage and an issued invoice to its folder's insurer (MAIF) for `lines`. */
async function insurerInvoice(owner: Awaited<ReturnType<typeof ownTestGarage>>, lines = [line()]) {
  const folder = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: owner.email } });
  expect(folder.statusCode).toBe(201);
  const docs = billing(app, owner.cookie);
  const id = await docs.create(
    'invoice',
    body({ folderId: (folder.json() as { id: number }).id, billTo: 'insurer', customer: null, lines }),
  );
  return docs.issue(id, 'Cession signée sur papier');
}

const call = (owner: { cookie: string }, url: string, payload?: object) =>
  billing(app, owner.cookie).call(payload ? 'POST' : 'GET', url, payload);
const receivables = async (owner: { cookie: string }) =>
  insurerReceivablesSchema.parse((await call(owner, '/api/paiement/receivables/insurers')).json());
const paidOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await app.db
        .select({ id: billingDocuments.id, paid: billingDocuments.paidAmount, status: billingDocuments.status })
        .from(billingDocuments)
        .where(inArray(billingDocuments.id, ids))
    ).map((row) => [row.id, [row.status, row.paid]]),
  );

describe('money an insurer leaves on account', () => {
  it('keeps the rest of a transfer on the insurer’s account, then applies it to its next invoice', async () => {
    const owner = await ownTestGarage(app);
    const first = await insurerInvoice(owner); // 100,00 HT of parts: 120,00 TTC
    const refused = await call(owner, '/api/paiement/receivables/transfer', {
      invoiceIds: [first.id],
      amount: '150,00',
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      expect.stringContaining('laissez le reste sur le compte de l’assureur'),
    ]);

    const transfer = await call(owner, '/api/paiement/receivables/transfer', {
      invoiceIds: [first.id],
      amount: '150,00',
      reference: 'VIR MAIF 77',
      leaveOnAccount: true,
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(insurerTransferSchema.parse(transfer.json()).payments).toEqual([
      { invoiceId: first.id, number: first.number, amount: 15_000 },
    ]);
    expect(await paidOf([first.id])).toEqual({ [first.id]: ['paid', 15_000] });
    // Owing nothing, the insurer is still listed, with its money on account.
    let maif = (await receivables(owner)).insurers.find((row) => row.insurer === first.customer?.name);
    expect(maif).toMatchObject({ due: 0, invoices: 0, onAccount: 3_000 });

    // Labour: its VAT waits for payment (no debit option), so the money applied makes its share due.
    const second = await insurerInvoice(owner, [line({ title: 'Pose', preTaxAmount: '100,00', unit: 'HUR' })]);
    const till = await dayReceipts(app.db, owner.companyId, parisToday());
    const applied = await call(owner, '/api/paiement/receivables/apply', { invoiceIds: [second.id] });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(insurerTransferSchema.parse(applied.json()).payments).toEqual([
      { invoiceId: second.id, number: second.number, amount: 3_000 },
    ]);
    expect(await paidOf([first.id, second.id])).toEqual({
      [first.id]: ['paid', 12_000],
      [second.id]: ['partial', 3_000],
    });
    maif = (await receivables(owner)).insurers.find((row) => row.insurer === first.customer?.name);
    expect(maif).toMatchObject({ due: 9_000, invoices: 1, onAccount: 0 });

    // Two chained records, no money at the till.
    const moves = await app.db
      .select({ invoiceId: payments.invoiceId, amount: payments.amount, moved: payments.moved })
      .from(payments)
      .where(eq(payments.moved, true))
      .orderBy(asc(payments.id));
    expect(moves.filter((row) => [first.id, second.id].includes(row.invoiceId))).toEqual([
      { invoiceId: first.id, amount: -3_000, moved: true },
      { invoiceId: second.id, amount: 3_000, moved: true },
    ]);
    expect(await dayReceipts(app.db, owner.companyId, parisToday())).toEqual(till);
    expect((await verifyChain(app.db, owner.companyId)).problems).toEqual([]);

    // The bank saw 150,00 once; the move books only the VAT it makes due (30/120 of 20,00).
    const fec = await app.inject({
      method: 'GET',
      url: ACCOUNTING_PATHS.fec(owner.companyId, fiscalYearAround(parisToday(), 1)),
      headers: { cookie: owner.cookie },
    });
    expect(fec.statusCode, fec.body).toBe(200);
    const bank = entriesOf(fecRecords(fec.rawPayload), 'BQ').map((entry) => entry.map(lineSummary));
    expect(bank).toEqual([
      ['512||15000|0', expect.stringMatching(/^411\|411\w+\|0\|15000$/)],
      ['44574||500|0', '445711||0|500'],
    ]);

    const none = await call(owner, '/api/paiement/receivables/apply', { invoiceIds: [second.id] });
    expect([none.statusCode, none.json().message]).toEqual([409, ON_ACCOUNT_NOTHING]);
    const [move] = await app.db.select().from(payments).where(eq(payments.invoiceId, second.id));
    const cancel = await call(owner, `/api/paiement/${move?.id}/cancel`, { reason: 'Essai' });
    expect([cancel.statusCode, cancel.json().message]).toEqual([409, PAYMENT_NOT_CANCELLABLE]);
  });

  it('is each garage’s own: another garage can neither see nor apply it', async () => {
    const owner = await ownTestGarage(app);
    const first = await insurerInvoice(owner);
    const transfer = await call(owner, '/api/paiement/receivables/transfer', {
      invoiceIds: [first.id],
      amount: '200,00',
      leaveOnAccount: true,
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const other = await ownTestGarage(app);
    expect((await receivables(other)).total.onAccount).toBe(0);
    // Its own invoice to the same insurer: nothing on account in its garage.
    const theirs = await insurerInvoice(other);
    const none = await call(other, '/api/paiement/receivables/apply', { invoiceIds: [theirs.id] });
    expect([none.statusCode, none.json().message]).toEqual([409, ON_ACCOUNT_NOTHING]);
    // The first garage's invoice is not found from the other.
    const foreign = await call(other, '/api/paiement/receivables/apply', { invoiceIds: [first.id] });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, BILLING_DOCUMENT_NOT_FOUND]);
    expect(await paidOf([first.id, theirs.id])).toEqual({
      [first.id]: ['paid', 20_000],
      [theirs.id]: ['issued', 0],
    });
  });

  it('lets two cashiers apply the same money at once: it is applied once', async () => {
    const owner = await ownTestGarage(app);
    const first = await insurerInvoice(owner);
    await call(owner, '/api/paiement/receivables/transfer', {
      invoiceIds: [first.id],
      amount: '170,00',
      leaveOnAccount: true,
    });
    const [a, b] = [await insurerInvoice(owner), await insurerInvoice(owner)];
    const answers = await Promise.all([
      call(owner, '/api/paiement/receivables/apply', { invoiceIds: [a.id] }),
      call(owner, '/api/paiement/receivables/apply', { invoiceIds: [b.id] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const paid = await paidOf([first.id, a.id, b.id]);
    expect(paid[first.id]).toEqual(['paid', 12_000]);
    expect([paid[a.id]?.[1], paid[b.id]?.[1]].sort()).toEqual([0, 5_000]);
  });
});
