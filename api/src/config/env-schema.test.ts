import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from '../api-root';
import { envSchema } from './env-schema';

/** The variables named in the first column of the README's « Environment » table. */
function documentedVariables(): string[] {
  const readme = readFileSync(join(API_ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## Environment$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1] as string);
}

describe('the README documents the schema', () => {
  it('lists every variable the schema reads, and none it does not', () => {
    const documented = documentedVariables();
    const read = Object.keys(envSchema.shape);
    expect(documented.length).toBeGreaterThan(0);
    expect(
      read.filter((name) => !documented.includes(name)),
      'missing from api/README.md',
    ).toEqual([]);
    expect(
      documented.filter((name) => !read.includes(name)),
      'documented but not read',
    ).toEqual([]);
  });
});
