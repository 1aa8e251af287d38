import {
  BILLING_DOCUMENT_NOT_FOUND,
  insurerInvoicesSchema,
  insurerReceivablesSchema,
  insurerTransferSchema,
  parisToday,
  TRANSFER_INVOICE_NOT_DUE,
} from 'contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments, payments } from '../../src/db/schema';
import { createTestApp, ownTestGarage } from '../helpers';
import { billing } from './fixtures';

/*
 * « Créances assureurs »: what each insurer owes on the garage's issued insurer invoices, by age since issue, and
 * each insurer's unpaid invoices. The invoices are written as issued days ago (an issue is always dated now).
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
const ids: Record<string, number> = {};
const BUYER = { address: '1 rue de l’Assurance', postalCode: '79000', city: 'Niort', vatNumber: '', email: '' };
const MAAF = { name: 'MAAF Essai', siren: '542073580' };
const AXA = { name: 'AXA Essai', siren: '722057460' };

async function issuedDaysAgo(
  companyId: number,
  values: { days: number; total: number; paid?: number; insurer?: typeof MAAF; status?: string; billTo?: string },
) {
  // Noon in Paris, `days` Paris days ago (noon whatever the daylight saving time between): its age is exactly `days`.
  const day = new Date(`${parisToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - values.days);
  const at = new Date(`${day.toISOString().slice(0, 10)}T12:00:00+01:00`);
  const draft = values.status === 'draft';
  const [row] = await app.db
    .insert(billingDocuments)
    .values({
      companyId,
      type: 'invoice',
      status: values.status ?? ((values.paid ?? 0) > 0 ? 'partial' : 'issued'),
      number: draft ? null : `F-TEST-${Math.random().toString(36).slice(2, 10)}`,
      billTo: values.billTo ?? 'insurer',
      customer: {
        ...BUYER,
        name: (values.insurer ?? MAAF).name,
        siren: (values.insurer ?? MAAF).siren,
        isBusiness: true,
      },
      buyerReference: `SIN-${values.days}`,
      preTaxAmount: Math.round(values.total / 1.2),
      taxAmount: values.total - Math.round(values.total / 1.2),
      totalAmount: values.total,
      paidAmount: values.paid ?? 0,
      issuedAt: draft ? null : at,
      createdAt: at,
    })
    .returning({ id: billingDocuments.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  const id = garage.companyId;
  ids.recent = await issuedDaysAgo(id, { days: 10, total: 12_000 });
  ids.partial = await issuedDaysAgo(id, { days: 45, total: 20_000, paid: 5_000 });
  ids.oldest = await issuedDaysAgo(id, { days: 100, total: 30_000 });
  await issuedDaysAgo(id, { days: 70, total: 8_000, insurer: AXA });
  // Not owed by an insurer: paid, a private customer's, a draft.
  ids.paid = await issuedDaysAgo(id, { days: 20, total: 9_900, insurer: AXA, status: 'paid', paid: 9_900 });
  await issuedDaysAgo(id, { days: 20, total: 7_700, billTo: 'customer' });
  await issuedDaysAgo(id, { days: 20, total: 6_600, status: 'draft' });
});
afterAll(() => app.close());

describe('what insurers owe', () => {
  it('sums each insurer’s unpaid invoices by age since issue, the most owed first, with the totals', async () => {
    const response = await billing(app, garage.cookie).call('GET', '/api/paiement/receivables/insurers');
    expect(response.statusCode, response.body).toBe(200);
    const receivables = insurerReceivablesSchema.parse(response.json());
    expect(receivables.insurers).toEqual([
      {
        insurer: MAAF.name,
        siren: MAAF.siren,
        invoices: 3,
        due: 57_000,
        buckets: { upTo30: 12_000, upTo60: 15_000, upTo90: 0, over90: 30_000 },
        oldestIssueDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        onAccount: 0,
      },
      {
        insurer: AXA.name,
        siren: AXA.siren,
        invoices: 1,
        due: 8_000,
        buckets: { upTo30: 0, upTo60: 0, upTo90: 8_000, over90: 0 },
        oldestIssueDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        onAccount: 0,
      },
    ]);
    expect(receivables.total).toEqual({
      invoices: 4,
      due: 65_000,
      buckets: { upTo30: 12_000, upTo60: 15_000, upTo90: 8_000, over90: 30_000 },
      onAccount: 0,
    });
  });

  it('lists one insurer’s unpaid invoices, oldest first, with what is left and their age', async () => {
    const query = new URLSearchParams({ insurer: MAAF.name, siren: MAAF.siren });
    const response = await billing(app, garage.cookie).call(
      'GET',
      `/api/paiement/receivables/insurers/invoices?${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const invoices = insurerInvoicesSchema.parse(response.json());
    expect(invoices.map((invoice) => [invoice.claimNumber, invoice.due, invoice.age])).toEqual([
      ['SIN-100', 30_000, 100],
      ['SIN-45', 15_000, 45],
      ['SIN-10', 12_000, 10],
    ]);
  });

  it('asks which insurer, in French', async () => {
    const response = await billing(app, garage.cookie).call('GET', '/api/paiement/receivables/insurers/invoices');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Assureur');
  });

  it('is each garage’s own: another garage sees none of these', async () => {
    const other = await ownTestGarage(app);
    const api = billing(app, other.cookie);
    const receivables = insurerReceivablesSchema.parse(
      (await api.call('GET', '/api/paiement/receivables/insurers')).json(),
    );
    expect(receivables.insurers).toEqual([]);
    const query = new URLSearchParams({ insurer: MAAF.name, siren: MAAF.siren });
    const invoices = await api.call('GET', `/api/paiement/receivables/insurers/invoices?${query}`);
    expect(invoices.json()).toEqual([]);
  });
});

describe('one insurer transfer matched to several invoices', () => {
  const transfer = (cookie: string, body: object) =>
    billing(app, cookie).call('POST', '/api/paiement/receivables/transfer', body);
  const paymentsOf = (invoiceIds: number[]) =>
    app.db.select().from(payments).where(inArray(payments.invoiceId, invoiceIds));

  it('refuses an amount above what the chosen invoices owe, and records nothing', async () => {
    const response = await transfer(garage.cookie, { invoiceIds: [ids.recent], amount: '1 000,00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('dépasse de 880,00');
    expect(await paymentsOf([ids.recent ?? 0])).toEqual([]);
  });

  it('refuses another garage’s invoice (404) and an invoice with nothing left (409), recording nothing', async () => {
    const other = await ownTestGarage(app);
    const foreign = await transfer(other.cookie, { invoiceIds: [ids.oldest], amount: '10,00' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(BILLING_DOCUMENT_NOT_FOUND);
    const settled = await transfer(garage.cookie, { invoiceIds: [ids.oldest, ids.paid], amount: '10,00' });
    expect(settled.statusCode).toBe(409);
    expect(settled.json().message).toBe(TRANSFER_INVOICE_NOT_DUE);
    expect(await paymentsOf([ids.oldest ?? 0, ids.paid ?? 0])).toEqual([]);
  });

  it('settles the invoices oldest first, each to the cent, the last one partly, one payment each', async () => {
    const response = await transfer(garage.cookie, {
      invoiceIds: [ids.recent, ids.partial, ids.oldest],
      amount: '500,00',
      reference: 'VIR MAAF 2026-118',
      date: parisToday(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { payments: shares } = insurerTransferSchema.parse(response.json());
    expect(shares.map((share) => [share.invoiceId, share.amount])).toEqual([
      [ids.oldest, 30_000],
      [ids.partial, 15_000],
      [ids.recent, 5_000],
    ]);
    const statuses = await app.db
      .select({ id: billingDocuments.id, status: billingDocuments.status, paid: billingDocuments.paidAmount })
      .from(billingDocuments)
      .where(inArray(billingDocuments.id, [ids.oldest ?? 0, ids.partial ?? 0, ids.recent ?? 0]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, [row.status, row.paid]]))).toEqual({
      [ids.oldest ?? 0]: ['paid', 30_000],
      [ids.partial ?? 0]: ['paid', 20_000],
      [ids.recent ?? 0]: ['partial', 5_000],
    });
    const recorded = await app.db.select().from(payments).where(eq(payments.comment, 'VIR MAAF 2026-118'));
    expect(recorded).toHaveLength(3);
    expect(recorded.every((payment) => payment.method === 'transfer')).toBe(true);
    const receivables = insurerReceivablesSchema.parse(
      (await billing(app, garage.cookie).call('GET', '/api/paiement/receivables/insurers')).json(),
    );
    expect(receivables.insurers.find((row) => row.insurer === MAAF.name)?.due).toBe(7_000);
  });

  it('lets two transfers on one invoice at once settle it once: the other is refused', async () => {
    const invoiceId = await issuedDaysAgo(garage.companyId, { days: 5, total: 10_000 });
    const answers = await Promise.all([
      transfer(garage.cookie, { invoiceIds: [invoiceId], amount: '100,00' }),
      transfer(garage.cookie, { invoiceIds: [invoiceId], amount: '100,00' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await paymentsOf([invoiceId])).map((payment) => payment.amount)).toEqual([10_000]);
  });
});
