import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../../src/api-root';
import { createTestApp } from '../helpers';

/*
 * the test-only routes (clone any account with its password hash, read the outbox, make garages)
 * are not in the product's build. The build is run here as `pnpm build` runs it; the routes' paths are read from the
 * OpenAPI documents of an app with and without them, so a test route added later is checked too.
 */

let testOnlyPaths: string[];

beforeAll(async () => {
  const withRoutes = await createTestApp({ testRoutes: true });
  const without = await createTestApp();
  try {
    const paths = async (app: typeof withRoutes) =>
      Object.keys((await app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as object);
    const product = new Set(await paths(without));
    testOnlyPaths = (await paths(withRoutes)).filter((path) => !product.has(path));
  } finally {
    await withRoutes.close();
    await without.close();
  }
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: API_ROOT, stdio: 'ignore' });
}, 120_000);

describe('the product build', () => {
  it('holds none of the test-only routes, which the browser tests’ build holds', async () => {
    expect(testOnlyPaths).toEqual(
      expect.arrayContaining(['/api/test/clone-user', '/api/test/outbox', '/api/notifications/test-create']),
    );
    const product = await readFile(join(API_ROOT, 'dist/server.js'), 'utf8');
    const tests = await readFile(join(API_ROOT, 'dist-test/server.js'), 'utf8');
    for (const documented of testOnlyPaths) {
      // The OpenAPI document writes a path parameter {id}; the source, :id.
      const path = documented.replace(/\{(\w+)\}/g, ':$1');
      expect(tests, `${path} dans dist-test`).toContain(path);
      expect(product, `${path} dans dist`).not.toContain(path);
    }
  });
});
