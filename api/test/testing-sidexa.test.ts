import { companyInfosResponseSchema, sidexaQuotationResponseSchema, unitConsumptionSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from './helpers';

/** The test-only routes the Sidexa browser tests stand on: a garage of their own, a folder with a chosen plate. */
describe('POST /api/test/garage and /api/test/folder with a vehicle (browser tests only)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ testRoutes: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('makes a garage of its own with its balance and rate, a user alone in it, and folders of a chosen plate', async () => {
    const garage = await app.inject({
      method: 'POST',
      url: '/api/test/garage',
      payload: { email: 'poseur.admin@demo.garage.fr', jeton: 3, hourlyRate: 61.5 },
    });
    expect(garage.statusCode).toBe(201);
    const { email, companyId } = garage.json() as { email: string; companyId: number };
    const cookie = await login(app, email);
    const infos = companyInfosResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie } })).json(),
    );
    expect(infos.companies.map((company) => company.id)).toEqual([companyId]);
    expect(infos.company).toMatchObject({ id: companyId, jeton: 3, hourlyRate: 61.5 });

    const folder = await app.inject({
      method: 'POST',
      url: '/api/test/folder',
      payload: { email, plate: 'hj100fh', brand: 'Renault', model: 'Clio V' },
    });
    expect(folder.statusCode).toBe(201);
    const { id, plate } = folder.json() as { id: number; plate: string };
    expect(plate).toBe('HJ-100-FH');

    const consumed = await app.inject({
      method: 'POST',
      url: `/api/folder/${id}/jetons/create`,
      headers: { cookie },
      payload: { companyId, scope: 'quotation' },
    });
    expect(consumed.statusCode).toBe(201);
    const { token, jeton } = unitConsumptionSchema.parse(consumed.json());
    expect(jeton).toBe(2);
    const quotation = await app.inject({
      method: 'GET',
      url: `/api/folder/${id}/sidexa-quotation`,
      headers: { cookie, 'x-sidexa-token': token },
    });
    const result = sidexaQuotationResponseSchema.parse(quotation.json());
    expect(typeof result === 'string' ? result : result.vinIdentified).toBe(true);
  });

  it('a garage without units is refused the lookup with the redirect to /checkout', async () => {
    const garage = await app.inject({
      method: 'POST',
      url: '/api/test/garage',
      payload: { email: 'poseur.admin@demo.garage.fr' },
    });
    const { email, companyId } = garage.json() as { email: string; companyId: number };
    const folder = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email } });
    const { id } = folder.json() as { id: number };
    const refused = await app.inject({
      method: 'POST',
      url: `/api/folder/${id}/jetons/create`,
      headers: { cookie: await login(app, email) },
      payload: { companyId, scope: 'quotation' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ redirect: '/checkout' });
  });

  it('refuses a plate that is not a SIV one, and an unknown account', async () => {
    const folder = await app.inject({
      method: 'POST',
      url: '/api/test/folder',
      payload: { email: 'poseur.admin@demo.garage.fr', plate: '1234 AB 69' },
    });
    expect(folder.statusCode).toBe(400);
    const garage = await app.inject({
      method: 'POST',
      url: '/api/test/garage',
      payload: { email: 'personne@demo.garage.fr' },
    });
    expect(garage.statusCode).toBe(404);
  });
});
