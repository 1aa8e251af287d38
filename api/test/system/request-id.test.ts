import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login } from '../helpers';

/*
 * Every answer names its request (`x-request-id`), the proxy's id when it sent a valid one, and every error
 * body repeats it, so what a user reads out (« réf. … ») leads to the server's log lines of that request.
 */

let app: FastifyInstance;
const logged: { reqId?: string; msg?: string }[] = [];

beforeAll(async () => {
  app = await createTestApp({
    config: { logLevel: 'error' },
    logStream: { write: (line) => logged.push(JSON.parse(line)) },
    beforeReady: (instance) => {
      instance.get('/api/test/request-id-boom', async () => {
        throw new Error('panne');
      });
    },
  });
});
afterAll(() => app.close());

const ID = /^[0-9a-f]{12}$/;

describe('request id', () => {
  it('generates one per request and sends it on successes', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health/live' });
    const second = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(first.headers['x-request-id']).toMatch(ID);
    expect(second.headers['x-request-id']).toMatch(ID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect(first.json()).toEqual({ status: 'ok' });
  });

  it('keeps a valid incoming id and replaces one that could forge a log line', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-7f3c2a9e-0b1d' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3c2a9e-0b1d');
    for (const forged of ['a b', 'x'.repeat(129), 'id\u2028line', 'id"}{']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': forged },
      });
      expect(response.headers['x-request-id']).toMatch(ID);
    }
  });

  it('puts it in every error body (401, 403, 404, 400, 500), as in the header and the log', async () => {
    const answers: Awaited<ReturnType<typeof app.inject>>[] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/company/infos' }),
      // Refused by an onRequest hook (CSRF), before any route runs.
      app.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'https://malveillant.example' } }),
      app.inject({ method: 'GET', url: '/api/nope' }),
      app.inject({ method: 'POST', url: '/api/login', payload: { email: 'pas-un-email', password: 'x' } }),
      app.inject({ method: 'GET', url: '/api/test/request-id-boom', headers: { 'x-request-id': 'support-42' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 403, 404, 400, 500]);
    // A URL the router itself refuses, before any hook.
    answers.push(await app.inject({ method: 'GET', url: '/api/folder/%' }));
    expect(answers[5]?.statusCode).toBe(400);
    for (const answer of answers) {
      expect(answer.json().requestId).toBe(answer.headers['x-request-id']);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(answers[4]?.json()).toEqual({
      message: 'Erreur interne du serveur',
      statusCode: 500,
      requestId: 'support-42',
    });
    // The server's log line of that failure carries the same id.
    expect(logged).toContainEqual(expect.objectContaining({ reqId: 'support-42', msg: 'unhandled error' }));
  });

  it('sends it on the event stream, which writes its own head', async () => {
    const cookie = await login(app, 'poseur@demo.garage.fr');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
      headers: { cookie, 'x-request-id': 'stream-1' },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-request-id')).toBe('stream-1');
    controller.abort();
  });
});
