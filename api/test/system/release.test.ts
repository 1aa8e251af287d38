import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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

/** Runs one operator command as `pnpm <command>` does on a production install: its compiled file, plain node. */
function runCompiled(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, [join(API_ROOT, 'dist/scripts', `${name}.js`), ...args], {
    cwd: API_ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: 'memory://', DEMO_SEED: '', NODE_OPTIONS: '', ...env },
    encoding: 'utf8',
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the operator commands', () => {
  it('run from dist/ with plain node, without tsx: usage, refusals and a check on an empty database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'operator-commands-'));
    try {
      await writeFile(join(dir, '123456789FEC20261231.txt'), 'pas un FEC\n');
      expect(runCompiled('verify-archive', [])).toMatchObject({ code: 2, output: expect.stringContaining('Usage') });
      expect(runCompiled('restore', [])).toMatchObject({ code: 2, output: expect.stringContaining('Usage') });
      expect(runCompiled('fec-check', ['123456789FEC20261231.txt'], { INIT_CWD: dir })).toMatchObject({
        code: 1,
        output: expect.stringContaining('FEC non conforme'),
      });
      expect(runCompiled('admin-create', ['--email', 'pas-une-adresse'])).toMatchObject({
        code: 1,
        output: expect.stringContaining('Adresse e-mail invalide'),
      });
      // Migrates a fresh embedded database from the migrations beside the API: found from dist/scripts too.
      expect(runCompiled('integrity-check', [])).toMatchObject({ code: 0, output: '' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
