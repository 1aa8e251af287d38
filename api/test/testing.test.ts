import { companyInfosResponseSchema, testCloneUserResponseSchema } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from './helpers';

describe('POST /api/test/clone-user (browser tests only)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ testRoutes: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a user with the companies, roles and password of the demo account, and nothing else', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/clone-user',
      payload: { email: 'multi@demo.garage.fr' },
    });
    expect(response.statusCode).toBe(201);
    const clone = testCloneUserResponseSchema.parse(response.json());
    expect(clone.email).toMatch(/^multi\+[0-9a-f]{8}@test\.garage\.fr$/);

    const infosOf = async (email: string) =>
      companyInfosResponseSchema.parse(
        (
          await app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie: await login(app, email) } })
        ).json(),
      );
    const [original, copy] = await Promise.all([infosOf('multi@demo.garage.fr'), infosOf(clone.email)]);
    expect(copy.companies).toEqual(original.companies);
    const unread = await app.inject({
      method: 'GET',
      url: '/api/notifications/unread-nbre',
      headers: { cookie: await login(app, clone.email) },
    });
    expect(unread.json()).toEqual({ count: 0 });
  });

  it('answers 404 for an unknown account', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/clone-user',
      payload: { email: 'personne@demo.garage.fr' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('test routes on a normal start', () => {
  it('are not registered, whatever ENABLE_TEST_ROUTES says: the product has none', async () => {
    const app = await createTestApp({ config: { testRoutes: true } });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/clone-user',
        payload: { email: 'multi@demo.garage.fr' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
