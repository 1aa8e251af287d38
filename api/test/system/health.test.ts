import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoutes } from '../../src/modules/system/health';
import { createTestApp } from '../helpers';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The health routes alone over a database that does not answer (a double: the real one cannot be made to fail here). */
async function withDeadDatabase() {
  const bare = Fastify({ logger: false });
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  bare.decorate('db', { execute: () => Promise.reject(new Error('connection refused')) } as never);
  await bare.register(healthRoutes);
  return bare;
}

describe('health', () => {
  it('live answers without a session, never cached', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    expect(live.headers['cache-control']).toBe('private, no-store');
  });

  it('ready: the database answers and every migration of the build is applied', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json();
    expect(body).toMatchObject({ status: 'ok', database: true });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThanOrEqual(36);
  });

  it('ready answers 503 while the database is down', async () => {
    const bare = await withDeadDatabase();
    const down = await bare.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', database: false });
    await bare.close();
  });
});
