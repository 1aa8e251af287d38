import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('demo accounts and test routes behind HTTPS (issue 34)', () => {
  const base = { DATA_DIR: 'memory://' };

  it('refuse to start, naming each setting in French', () => {
    expect(() => loadConfig({ ...base, COOKIE_SECURE: 'true', DEMO_SEED: '1' })).toThrow(
      /^Démarrage refusé : DEMO_SEED=1 derrière HTTPS \(COOKIE_SECURE=true\)/,
    );
    expect(() => loadConfig({ ...base, COOKIE_SECURE: 'true', DEMO_SEED: '1', ENABLE_TEST_ROUTES: '1' })).toThrow(
      'DEMO_SEED=1 et ENABLE_TEST_ROUTES=1 derrière HTTPS',
    );
  });

  it('start when the operator says it is a public demo, or over plain http, or without them', () => {
    const publicDemo = loadConfig({ ...base, COOKIE_SECURE: 'true', DEMO_SEED: '1', ALLOW_DEMO_ON_HTTPS: '1' });
    expect(publicDemo).toMatchObject({ demoSeed: true, cookieSecure: true });
    expect(loadConfig({ ...base, DEMO_SEED: '1', ENABLE_TEST_ROUTES: '1' })).toMatchObject({
      demoSeed: true,
      testRoutes: true,
    });
    expect(loadConfig({ ...base, COOKIE_SECURE: 'true' })).toMatchObject({ demoSeed: false, testRoutes: false });
  });
});
