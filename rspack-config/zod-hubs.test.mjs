import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hubFacade, ZOD_HUBS } from './zod-hubs.mjs';

const zodDir = path.dirname(
  createRequire(path.join(import.meta.dirname, '..', 'contracts', 'package.json')).resolve('zod/package.json'),
);

describe('hubFacade', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zod-hubs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(ZOD_HUBS)('%s: the facade exports exactly the names of the hub, bound to the same values', async (hub) => {
    const file = path.join(zodDir, hub);
    const facadeFile = path.join(dir, `${hub.replace(/[\\/]/g, '-')}.mjs`);
    writeFileSync(facadeFile, hubFacade(file));
    const real = await import(file);
    const facade = await import(facadeFile);
    expect(Object.keys(facade).sort()).toEqual(Object.keys(real).sort());
    for (const name of Object.keys(real)) expect(facade[name], name).toBe(real[name]);
  });

  it('no star re-export is left to be guessed at run time', () => {
    for (const hub of ZOD_HUBS) expect(hubFacade(path.join(zodDir, hub))).not.toMatch(/^export \* from/m);
  });
});
