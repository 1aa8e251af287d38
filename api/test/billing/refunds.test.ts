import { PAYMENT_AMOUNT_POSITIVE, REFUND_EXCEEDS_OWED, REFUND_NOTHING_OWED } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/modules/ledger/integrity';
import { createTestApp, ownTestGarage } from '../helpers';
import { billing, body, line } from './fixtures';

/* Money given back to a customer: on an invoice paid beyond what is due, never more, never twice. */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  api = billing(app, garage.cookie);
});
afterAll(() => app.close());

/** An issued invoice of 100,00 € TTC, paid in full by card. */
async function paidInvoice() {
  const invoice = await api.issue(
    await api.create('invoice', body({ taxInclusive: true, lines: [line({ preTaxAmount: '100,00' })] })),
  );
  const paid = await api.call('POST', '/api/paiement', { invoiceId: invoice.id, amount: '100,00', type: 'card' });
  expect(paid.statusCode, paid.body).toBe(201);
  return invoice;
}

/** A credit note of the whole invoice, issued: the garage then owes the customer what they paid. */
async function creditInFull(invoiceId: number) {
  const draft = await api.call('POST', `/api/quotation/${invoiceId}/credit-note`, { reason: 'Pare-brise non posé' });
  expect(draft.statusCode, draft.body).toBe(201);
  await api.issue(draft.json().id);
}

const refund = (invoiceId: number, amount: string, type = 'transfer') =>
  api.call('POST', '/api/paiement/refund', { invoiceId, amount, type });

describe('refunds', () => {
  it('give back what a credit note after payment owes the customer, never more, then nothing is left', async () => {
    const invoice = await paidInvoice();
    expect((await refund(invoice.id, '10,00')).json().message).toBe(REFUND_NOTHING_OWED);
    await creditInFull(invoice.id);

    const tooMuch = await refund(invoice.id, '100,01');
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([400, REFUND_EXCEEDS_OWED]);
    expect((await refund(invoice.id, '0')).json().message).toBe(PAYMENT_AMOUNT_POSITIVE);

    const done = await refund(invoice.id, '100,00');
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ paidAmount: 0, status: 'credited' });
    const again = await refund(invoice.id, '1,00');
    expect([again.statusCode, again.json().message]).toEqual([409, REFUND_NOTHING_OWED]);

    // A negative receipt in the payments list and in the inalterable chain, which stays valid.
    const list = await api.call('GET', '/api/paiement/list?page=1&pageSize=100');
    const rows = list.json().data.filter((row: { invoiceId: number }) => row.invoiceId === invoice.id);
    expect(rows.map((row: { amount: number }) => row.amount).sort()).toEqual([-10_000, 10_000]);
    expect(rows.find((row: { amount: number }) => row.amount < 0).comment).toBe('Remboursement au client');
    expect((await verifyChain(app.db, garage.companyId)).valid).toBe(true);
  });

  it('two cashiers refunding the same over-payment at once give it back once', async () => {
    const invoice = await paidInvoice();
    await creditInFull(invoice.id);
    const answers = await Promise.all([refund(invoice.id, '100,00'), refund(invoice.id, '100,00', 'cheque')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await api.read(invoice.id)).paidAmount).toBe(0);
  });

  it('stay inside their garage: another garage’s invoice is not found, and a fitter may not refund', async () => {
    const invoice = await paidInvoice();
    await creditInFull(invoice.id);
    const other = await ownTestGarage(app);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/paiement/refund',
      headers: { cookie: other.cookie },
      payload: { invoiceId: invoice.id, amount: '10,00', type: 'cash' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await api.read(invoice.id)).paidAmount).toBe(10_000);
  });
});
