import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoDemoDataBehindHttps, DEMO_DATA_BEHIND_HTTPS } from '../src/db/seed-guard';
import { createTestApp, testConfig } from './helpers';

/*
 * a database the demo was planted in serves the demo's accounts whatever DEMO_SEED says now, so a
 * start behind HTTPS on it is refused unless the operator says it is a public demo (the test database is the demo's).
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('a demo database behind HTTPS', () => {
  it('is refused with the French message naming the settings', async () => {
    await expect(assertNoDemoDataBehindHttps(app.db, testConfig({ cookieSecure: true }))).rejects.toThrow(
      DEMO_DATA_BEHIND_HTTPS,
    );
    expect(DEMO_DATA_BEHIND_HTTPS).toContain('ALLOW_DEMO_ON_HTTPS=1');
  });

  it('starts over plain http, or when the operator allows a public demo', async () => {
    await expect(assertNoDemoDataBehindHttps(app.db, testConfig())).resolves.toBeUndefined();
    await expect(
      assertNoDemoDataBehindHttps(app.db, testConfig({ cookieSecure: true, allowDemoOnHttps: true })),
    ).resolves.toBeUndefined();
  });
});
