import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../helpers';
import { centrePayload, demoFranchiseId } from './fixtures';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/test/outbox (browser tests only)', () => {
  it('answers the activation mail of a new centre’s admin', async () => {
    const payload = centrePayload(await demoFranchiseId(app));
    const created = await app.inject({
      method: 'POST',
      url: `/api/franchise/${payload.company.franchiseId}/center`,
      headers: { cookie: await login(app, 'franchiseur@demo.garage.fr') },
      payload,
    });
    expect(created.statusCode).toBe(201);
    const mails = (await app.inject({ method: 'GET', url: `/api/test/outbox?to=${payload.email}` })).json();
    expect(mails).toEqual([
      expect.objectContaining({ channel: 'mail', to: payload.email, subject: 'Activez votre compte' }),
    ]);
    expect(mails[0].body).toMatch(/\/activate\/[A-Za-z0-9_-]{43}/);
  });

  it('still gives a browser test a garage of its own, with the default statuses', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/garage',
      payload: { email: 'poseur.admin@demo.garage.fr' },
    });
    expect(response.statusCode).toBe(201);
  });
});
