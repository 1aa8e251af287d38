import { insurerInvoicesSchema, insurerReceivablesSchema, parisToday } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocuments } from '../../src/db/schema';
import { createTestApp, ownTestGarage } from '../helpers';
import { billing } from './fixtures';

/*
 * « Créances assureurs »: what each insurer owes on the garage's issued insurer invoices, by age since issue, and
 * each insurer's unpaid invoices. The invoices are written as issued days ago (an issue is always dated now).
 */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
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
  await issuedDaysAgo(id, { days: 10, total: 12_000 });
  await issuedDaysAgo(id, { days: 45, total: 20_000, paid: 5_000 });
  await issuedDaysAgo(id, { days: 100, total: 30_000 });
  await issuedDaysAgo(id, { days: 70, total: 8_000, insurer: AXA });
  // Not owed by an insurer: paid, a private customer's, a draft.
  await issuedDaysAgo(id, { days: 20, total: 9_900, insurer: AXA, status: 'paid', paid: 9_900 });
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
      },
      {
        insurer: AXA.name,
        siren: AXA.siren,
        invoices: 1,
        due: 8_000,
        buckets: { upTo30: 0, upTo60: 0, upTo90: 8_000, over90: 0 },
        oldestIssueDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    expect(receivables.total).toEqual({
      invoices: 4,
      due: 65_000,
      buckets: { upTo30: 12_000, upTo60: 15_000, upTo90: 8_000, over90: 30_000 },
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
