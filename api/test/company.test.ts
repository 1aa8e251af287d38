import { ALL_COMPANIES_ID, companyInfosResponseSchema, DEMO_ACCOUNTS, displayTokenClaimsSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, tokenOf } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const select = (id: number, cookie: string) =>
  app.inject({ method: 'POST', url: `/company/select/${id}`, headers: { cookie } });

async function infosOf(cookie: string) {
  return companyInfosResponseSchema.parse((await get('/api/company/infos', cookie)).json());
}

describe('seed', () => {
  it('creates every demo account with the shared password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { companies } = await infosOf(await login(app, account.email));
      expect(companies.map((c) => c.name)).toEqual(account.companies);
    }
  });
});

describe('GET /api/company/infos', () => {
  it('answers the selected company and all of the user’s companies', async () => {
    const body = await infosOf(await login(app, 'multi@demo.garage.fr'));
    expect(body.companies.map((c) => c.name)).toEqual([
      'Vitrage Express Lyon',
      'Vitrage Express Marseille',
      'Vitrage Express Bordeaux',
    ]);
    expect(body.company?.name).toBe('Vitrage Express Lyon');
    expect(body.company?.garageType).toBe('Fixe et Mobile');
    expect(body.company?.hourlyRate).toBe(58);
  });
});

describe('POST /company/select/:companyId', () => {
  it('refuses a company the user does not belong to', async () => {
    const cookie = await login(app, 'poseur@demo.garage.fr');
    const other = (await infosOf(await login(app, 'comptable@demo.garage.fr'))).companies[0]?.id ?? -1;
    const response = await select(other, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Accès refusé à cette société');
  });

  it('switches a multi-company user to another company, then to TOUT (0)', async () => {
    const cookie = await login(app, 'multi@demo.garage.fr');
    const { companies } = await infosOf(cookie);
    const marseille = companies[1]?.id ?? -1;

    const one = displayTokenClaimsSchema.parse(decodeJwt(tokenOf(await select(marseille, cookie))));
    expect(one).toMatchObject({ companyId: marseille, jeton: 8, roles: ['ROLE_POSEUR_ADMIN'] });
    expect((await infosOf(cookie)).company?.id).toBe(marseille);

    const all = await select(ALL_COMPANIES_ID, cookie);
    expect(all.statusCode).toBe(200);
    const claims = displayTokenClaimsSchema.parse(decodeJwt(tokenOf(all)));
    expect(claims).toMatchObject({ companyId: 0, franchiseId: null, jeton: 120 + 8 + 0, roles: ['ROLE_POSEUR_ADMIN'] });
    expect(claims.companies).toHaveLength(3);
    const infos = await infosOf(cookie);
    expect(infos.company).toBeNull();
    expect((await get('/api/company/search?q=vitrage', cookie)).json()).toHaveLength(3);
  });

  it('refuses TOUT to a single-company user', async () => {
    expect((await select(0, await login(app, 'cmd@demo.garage.fr'))).statusCode).toBe(403);
  });

  it('refuses a request without session', async () => {
    expect((await app.inject({ method: 'POST', url: '/company/select/1' })).statusCode).toBe(401);
  });
});

describe('GET /api/company/search', () => {
  it('never returns another tenant’s companies', async () => {
    const multi = await login(app, 'multi@demo.garage.fr');
    const names = (await get('/api/company/search?q=Vitrage&limit=10', multi))
      .json()
      .map((c: { name: string }) => c.name);
    expect(names.sort()).toEqual(['Vitrage Express Bordeaux', 'Vitrage Express Lyon', 'Vitrage Express Marseille']);
    const lyon = await login(app, 'poseur.admin@demo.garage.fr');
    expect((await get('/api/company/search?q=Garage', lyon)).json()).toEqual([]);
    expect((await get('/api/company/search?q=%25%25', lyon)).json()).toEqual([]);
  });

  it('matches the trade name and honours the limit', async () => {
    const multi = await login(app, 'multi@demo.garage.fr');
    expect((await get('/api/company/search?q=prado', multi)).json()).toEqual([
      { id: expect.any(Number), name: 'Vitrage Express Marseille' },
    ]);
    expect((await get('/api/company/search?q=vitrage&limit=2', multi)).json()).toHaveLength(2);
  });

  it('answers 400 in French for a too short query', async () => {
    const response = await get('/api/company/search?q=a', await login(app, 'multi@demo.garage.fr'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Saisissez au moins 2 caractères');
  });
});

describe('GET /api/company/:id/users', () => {
  it('answers the users of an own company keyed by id', async () => {
    const cookie = await login(app, 'poseur.admin@demo.garage.fr');
    const lyon = (await infosOf(cookie)).companies[0]?.id;
    const body = (await get(`/api/company/${lyon}/users`, cookie)).json();
    const names = Object.values(body as Record<string, { id: number; name: string }>).map((u) => u.name);
    expect(names.sort()).toEqual(['Antoine Mercier', 'Julien Moreau', 'Karim Benali']);
    for (const [key, user] of Object.entries(body as Record<string, { id: number }>)) expect(key).toBe(String(user.id));
  });

  it('refuses another tenant’s company', async () => {
    const other = (await infosOf(await login(app, 'comptable@demo.garage.fr'))).companies[0]?.id;
    const response = await get(`/api/company/${other}/users`, await login(app, 'poseur.admin@demo.garage.fr'));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Accès refusé à cette société');
  });
});
