import { companyInfosResponseSchema, TAX_RATE_UNKNOWN } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from './helpers';

let app: FastifyInstance;
let lyonAdmin: string;
let parisCmd: string;
beforeAll(async () => {
  app = await createTestApp();
  [lyonAdmin, parisCmd] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
  ]);
});
afterAll(() => app.close());

const infos = async (cookie: string) =>
  companyInfosResponseSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie } })).json(),
  );
const put = (cookie: string, companyId: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/company/${companyId}/default-tax-rate`, headers: { cookie }, payload });

describe('PUT /api/company/{companyId}/default-tax-rate', () => {
  it('sets the rate new lines and products start with; the infos answer it', async () => {
    const lyon = (await infos(lyonAdmin)).company;
    expect(lyon?.defaultTaxRate).toBe(20);
    const saved = await put(lyonAdmin, lyon?.id ?? 0, { defaultTaxRate: '5.5' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ defaultTaxRate: 5.5 });
    expect((await infos(lyonAdmin)).company?.defaultTaxRate).toBe(5.5);
  });

  it('refuses a rate French law does not have, another garage, TOUT, and a user without the setting', async () => {
    const lyon = (await infos(lyonAdmin)).company;
    const paris = (await infos(parisCmd)).company;
    const before = lyon?.defaultTaxRate;
    const unknown = await put(lyonAdmin, lyon?.id ?? 0, { defaultTaxRate: 7 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(TAX_RATE_UNKNOWN);
    expect((await put(lyonAdmin, paris?.id ?? 0, { defaultTaxRate: 10 })).statusCode).toBe(403);
    expect((await put(lyonAdmin, 0, { defaultTaxRate: 10 })).statusCode).toBe(403);
    expect((await put(parisCmd, paris?.id ?? 0, { defaultTaxRate: 10 })).statusCode).toBe(403);
    expect((await infos(lyonAdmin)).company?.defaultTaxRate).toBe(before);
    expect((await infos(parisCmd)).company?.defaultTaxRate).toBe(20);
  });
});
