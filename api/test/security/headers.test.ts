import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, login } from '../helpers';

/*
 * Headers of the answers (issue 23): personal data never cached, the map of the API for signed-in staff only in
 * production, HSTS behind HTTPS.
 */

let app: FastifyInstance;
let production: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await createTestApp();
  production = await createTestApp({ config: { cookieSecure: true, apiDocsPublic: false } });
  cookie = await login(app, 'poseur.admin@demo.garage.fr');
});
afterAll(async () => {
  await app.close();
  await production.close();
});

describe('answers holding personal data', () => {
  it('every JSON answer of the API says no-store: lists, details, errors', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/folder/list/all?page=1&pageSize=5', headers: { cookie } }),
      app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie } }),
      app.inject({ method: 'GET', url: '/api/folder/999999999', headers: { cookie } }),
      app.inject({ method: 'GET', url: '/api/folder/list/all' }),
    ]);
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, expect.any(Number), 401]);
  });

  it('HSTS only when served over HTTPS', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/folder/list/all' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await production.inject({ method: 'GET', url: '/api/folder/list/all' });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('the OpenAPI document and Swagger UI', () => {
  it('are public in development', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('need a session in production, and open with one', async () => {
    for (const url of ['/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const anonymous = await production.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body).not.toContain('openapi');
    }
    const staff = await login(production, 'poseur.admin@demo.garage.fr');
    const signedIn = await production.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: staff } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().openapi).toMatch(/^3\./);
  });

  it('production is private by default, and API_DOCS decides when set', () => {
    const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: 'memory://' };
    expect(loadConfig({ ...base, COOKIE_SECURE: 'true' }).apiDocsPublic).toBe(false);
    expect(loadConfig({ ...base }).apiDocsPublic).toBe(true);
    expect(loadConfig({ ...base, COOKIE_SECURE: 'true', API_DOCS: 'public' }).apiDocsPublic).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: 'private' }).apiDocsPublic).toBe(false);
  });
});
