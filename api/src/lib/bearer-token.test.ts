import { describe, expect, it } from 'vitest';
import { presentsBearer } from './bearer-token';

describe('presentsBearer', () => {
  it('accepts the token as a Bearer, in any case of the scheme', () => {
    expect(presentsBearer('Bearer s3cret', 's3cret')).toBe(true);
    expect(presentsBearer('bearer s3cret', 's3cret')).toBe(true);
  });

  it('refuses another token, a prefix of it, another scheme or no header', () => {
    expect(presentsBearer('Bearer s3cre', 's3cret')).toBe(false);
    expect(presentsBearer('Bearer s3cret2', 's3cret')).toBe(false);
    expect(presentsBearer('Basic s3cret', 's3cret')).toBe(false);
    expect(presentsBearer('s3cret', 's3cret')).toBe(false);
    expect(presentsBearer('Bearer ', 's3cret')).toBe(false);
    expect(presentsBearer(undefined, 's3cret')).toBe(false);
  });
});
