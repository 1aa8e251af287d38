import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema';
import { createTestApp, login } from '../helpers';

/*
 * Prometheus figures for the operator's scraper only (METRICS_TOKEN as a Bearer, a 404 for anyone else),
 * read back after a few requests.
 */

const TOKEN = 'jeton-de-supervision-0123456789';
let app: FastifyInstance;
let withoutToken: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({
    config: { metricsToken: TOKEN },
    beforeReady: (instance) => {
      instance.get('/api/test/metrics-boom', async () => {
        throw new Error('panne');
      });
    },
  });
  withoutToken = await createTestApp();
});
afterAll(async () => {
  await app.close();
  await withoutToken.close();
});

const scrape = async (target = app, authorization = `Bearer ${TOKEN}`) =>
  target.inject({ method: 'GET', url: '/api/metrics', headers: { authorization } });

/** The value of one series (`name{labels}` exactly as exposed), or undefined. */
function figure(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('who may read the metrics', () => {
  it('nobody without the token: the same 404 as an unknown address', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/nulle-part' });
    for (const response of [
      await scrape(app, ''),
      await scrape(app, 'Bearer mauvais-jeton'),
      await scrape(app, TOKEN),
      await scrape(withoutToken),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(unknown.json().message);
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('the scraper presenting METRICS_TOKEN, in the text format, never cached', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('the figures', () => {
  it('counts requests per route pattern and status class, with their latency and the 5xx', async () => {
    const before = (await scrape()).body;
    const route = 'method="GET",route="/api/health/live",status_class="2xx"';
    const countBefore = figure(before, `http_requests_total{${route}}`) ?? 0;
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health/live' });
    await app.inject({ method: 'GET', url: '/api/test/metrics-boom' });
    await app.inject({ method: 'GET', url: '/api/folder/123456' });
    await app.inject({ method: 'GET', url: '/api/introuvable/789' });

    const text = (await scrape()).body;
    expect(figure(text, `http_requests_total{${route}}`)).toBe(countBefore + 3);
    expect(figure(text, `http_request_duration_seconds_count{${route}}`)).toBe(countBefore + 3);
    expect(figure(text, `http_request_duration_seconds_bucket{le="+Inf",${route}}`)).toBe(countBefore + 3);
    expect(figure(text, 'http_server_errors_total{method="GET",route="/api/test/metrics-boom"}')).toBe(1);
    // The pattern, never the address: one series for every folder, one for every unknown path.
    expect(figure(text, 'http_requests_total{method="GET",route="/api/folder/:id",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain('123456');
    expect(figure(text, 'http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThan(0);
    expect(text).not.toContain('introuvable');
  });

  it('open event streams, read at scrape time', async () => {
    const cookie = await login(app, 'poseur@demo.garage.fr');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const before = figure((await scrape()).body, 'sse_clients_connected') ?? -1;
    const controllers = [new AbortController(), new AbortController()];
    for (const controller of controllers) {
      const stream = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
        headers: { cookie },
        signal: controller.signal,
      });
      // Registered once the first comment is written.
      const reader = stream.body?.getReader();
      let seen = '';
      while (!seen.includes('event: ready') && reader) seen += new TextDecoder().decode((await reader.read()).value);
    }
    expect(figure((await scrape()).body, 'sse_clients_connected')).toBe(before + 2);
    for (const controller of controllers) controller.abort();
    await expect.poll(async () => figure((await scrape()).body, 'sse_clients_connected')).toBe(before);
  });

  it('the outbox backlog: mails not sent yet, and how old the oldest is', async () => {
    const before = figure((await scrape()).body, 'outbox_unsent_mails') ?? 0;
    await app.db.insert(outbox).values([
      { channel: 'mail', to: 'a@exemple.fr', subject: 'Test', body: 'x', createdAt: new Date(Date.now() - 600_000) },
      { channel: 'mail', to: 'b@exemple.fr', subject: 'Test', body: 'x' },
      { channel: 'mail', to: 'c@exemple.fr', subject: 'Test', body: 'x', sentAt: new Date() },
      { channel: 'sms', to: '0600000000', body: 'x' },
    ]);
    const text = (await scrape()).body;
    expect(figure(text, 'outbox_unsent_mails')).toBe(before + 2);
    expect(figure(text, 'outbox_oldest_unsent_mail_age_seconds')).toBeGreaterThanOrEqual(600);
  });

  it('process figures, and the pool only on PostgreSQL', async () => {
    const text = (await scrape()).body;
    expect(figure(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(figure(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (process.env.DATABASE_URL) {
      expect(figure(text, 'db_pool_connections')).toBeGreaterThan(0);
      expect(figure(text, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });
});
