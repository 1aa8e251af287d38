import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { HSTS } from '../../src/plugins/external/helmet';
import { createTestApp, login } from '../helpers';

/*
 * Headers of the answers: personal data never cached, the map of the API for signed-in staff only in
 * production, HSTS over HTTPS only.
 */

let app: FastifyInstance;
let production: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  app = await createTestApp();
  production = await createTestApp({ config: { cookieSecure: true, apiDocsPublic: false, trustProxy: ['127.0.0.1'] } });
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

  it('HSTS only when the request came over HTTPS, as a trusted proxy says', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const fromProxy = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      production.inject({ method: 'GET', url: '/api/folder/list/all', headers, remoteAddress });
    // Through the trusted proxy: https gets HSTS, plain http does not.
    expect((await fromProxy(https)).headers['strict-transport-security']).toBe(HSTS);
    expect((await fromProxy({ 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
    expect((await fromProxy({})).headers['strict-transport-security']).toBeUndefined();
    // A client that is not the proxy cannot claim https; nor anyone where no proxy is trusted.
    expect((await fromProxy(https, '203.0.113.9')).headers['strict-transport-security']).toBeUndefined();
    const untrusted = await app.inject({ method: 'GET', url: '/api/folder/list/all', headers: https });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    expect(HSTS).toMatch(/^max-age=31536000; includeSubDomains$/);
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
