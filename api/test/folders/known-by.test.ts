import { knownByListSchema, knownBySchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../helpers';
import { companyId } from '../notifications/fixtures';

let app: FastifyInstance;
let admin: string;
let cmd: string;
let lyon: number;
let paris: number;

beforeAll(async () => {
  app = await createTestApp();
  [admin, cmd] = await Promise.all([login(app, 'poseur.admin@demo.garage.fr'), login(app, 'cmd@demo.garage.fr')]);
  [lyon, paris] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'paris')]);
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('/api/company/{id}/known', () => {
  it('lists, adds, renames and removes the entries of the garage', async () => {
    const before = knownByListSchema.parse((await call('GET', `/api/company/${lyon}/known`, admin)).json());
    expect(before.map((row) => row.label)).toContain('Assureur');
    const created = await call('POST', `/api/company/${lyon}/known`, admin, { label: 'Salon de l’auto' });
    expect(created.statusCode).toBe(201);
    const entry = knownBySchema.parse(created.json());
    const renamed = await call('PUT', `/api/company/${lyon}/known/${entry.id}`, admin, { label: 'Salon automobile' });
    expect(renamed.json()).toEqual({ id: entry.id, label: 'Salon automobile' });
    expect((await call('GET', `/api/company/${lyon}/known/${entry.id}`, admin)).json()).toEqual(renamed.json());
    expect((await call('DELETE', `/api/company/${lyon}/known/${entry.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/company/${lyon}/known/${entry.id}`, admin)).statusCode).toBe(404);
  });

  it('says in French what is wrong with a label, and changes nothing', async () => {
    const response = await call('POST', `/api/company/${lyon}/known`, admin, { label: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Le libellé est obligatoire');
  });

  it('keeps other garages out, and the list to its admins', async () => {
    expect((await call('GET', `/api/company/${paris}/known`, admin)).statusCode).toBe(403);
    expect((await call('POST', `/api/company/${paris}/known`, admin, { label: 'x' })).statusCode).toBe(403);
    // CMD reads the list (folder forms) but does not keep it.
    expect((await call('GET', `/api/company/${paris}/known`, cmd)).statusCode).toBe(200);
    expect((await call('POST', `/api/company/${paris}/known`, cmd, { label: 'Radio locale' })).statusCode).toBe(403);
  });
});
