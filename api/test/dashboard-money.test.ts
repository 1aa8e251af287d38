import { dashboardMoneySchema, networkSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, body, line } from './billing/fixtures';
import { createFolder } from './folders/fixtures';
import { demoFranchiseId } from './franchise/fixtures';
import { createTestApp, login, ownTestGarage } from './helpers';

/*
 * « Chiffre d'affaires » on the dashboard, for who sees invoices: turnover and jobs over the period, what customers
 * and insurers owe today; the garages side by side under TOUT, each with the network page's figure for it.
 */

let app: FastifyInstance;

const from = new Date(Date.now() - 400 * 86_400_000).toISOString();
const to = new Date(Date.now() + 86_400_000).toISOString();
const period = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

describe('GET /api/dashboard/money', () => {
  it('adds up the garage’s invoices less its credit notes, its jobs, and what customers and insurers owe', async () => {
    const owner = await ownTestGarage(app);
    const docs = billing(app, owner.cookie);
    const before = dashboardMoneySchema.parse((await get(`/api/dashboard/money?${period}`, owner.cookie)).json());
    expect(before.total).toEqual({ turnover: 0, jobs: 0, averageJob: 0, customersOwe: 0, insurersOwe: 0 });

    // A walk-in customer: 100 € HT, paid 50 € of its 120 € TTC.
    const walkIn = await docs.issue(await docs.create('invoice', body({ lines: [line({ preTaxAmount: '100,00' })] })));
    const paid = await docs.call('POST', '/api/paiement', { invoiceId: walkIn.id, amount: '50,00', type: 'card' });
    expect(paid.statusCode, paid.body).toBe(201);
    // An insured's claim: one job, two invoices (the deductible, 100 € TTC, and the insurer's share).
    const folder = await createFolder(app, owner.companyId, { deductibleAmount: 10_000 });
    const toInsurer = await docs.create(
      'invoice',
      body({ folderId: folder.id, billTo: 'insurer', customer: null, lines: [line({ preTaxAmount: '500,00' })] }),
    );
    await docs.issue(toInsurer, 'Cession signée sur papier, scan à venir');
    // A credit note of 20 € HT on the walk-in's invoice.
    const credit = await docs.call('POST', `/api/quotation/${walkIn.id}/credit-note`, { reason: 'Geste commercial' });
    const creditId = (credit.json() as { id: number }).id;
    await docs.call(
      'PUT',
      `/api/quotation/${creditId}`,
      body({ lines: [line({ quantity: -1, preTaxAmount: '20,00' })] }),
    );
    await docs.issue(creditId);

    const answer = await get(`/api/dashboard/money?${period}`, owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const { total, garages } = dashboardMoneySchema.parse(answer.json());
    // 100 + 500 − 20 = 580 € HT over two jobs; owed: 120 − 24 − 50 = 46 € and the 100 € deductible by customers,
    // 500 € TTC of work less the deductible by the insurer.
    expect(total).toEqual({
      turnover: 58_000,
      jobs: 2,
      averageJob: 29_000,
      customersOwe: 4_600 + 10_000,
      insurersOwe: 60_000 - 10_000,
    });
    expect(garages).toEqual([{ companyId: owner.companyId, name: expect.any(String), ...total }]);
  });

  it('puts the garages side by side under TOUT, each with its network page’s turnover', async () => {
    const [multi, franchisor] = await Promise.all([
      login(app, 'multi@demo.garage.fr'),
      login(app, 'franchiseur@demo.garage.fr'),
    ]);
    expect(
      (await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } })).statusCode,
    ).toBe(200);
    const money = dashboardMoneySchema.parse((await get(`/api/dashboard/money?${period}`, multi)).json());
    expect(money.garages.length).toBeGreaterThan(1);
    expect(money.total.turnover).toBe(money.garages.reduce((sum, garage) => sum + garage.turnover, 0));
    const network = networkSchema.parse(
      (await get(`/api/franchise/${await demoFranchiseId(app)}/network?${period}`, franchisor)).json(),
    );
    const centres = money.garages.flatMap((garage) => {
      const centre = network.centres.find((each) => each.companyId === garage.companyId);
      return centre ? [[garage.turnover, centre.revenue, garage.name]] : [];
    });
    expect(centres.length).toBeGreaterThan(1);
    for (const [turnover, revenue, name] of centres) expect(revenue, String(name)).toBe(turnover);
    // The demo's centres do not all earn the same.
    expect(new Set(money.garages.map((garage) => garage.turnover)).size).toBeGreaterThan(1);
  });

  it('is for who sees invoices: a fitter is refused, a bad period is a French 400', async () => {
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect((await get(`/api/dashboard/money?${period}`, fitter)).statusCode).toBe(403);
    const admin = await login(app, 'poseur.admin@demo.garage.fr');
    const bad = await get(`/api/dashboard/money?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Période invalide');
  });
});
