import { describe, expect, it } from 'vitest';
import { periodOf } from './period';

describe('periodOf', () => {
  it('reads the year before `to` by default', () => {
    const { from, to } = periodOf({ to: '2026-11-29T10:00:00Z' });
    expect(to.toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(from.toISOString()).toBe('2025-11-29T10:00:00.000Z');
  });

  it('keeps a period asked for the year 1 or 9999 within dates the database writes, and empty', () => {
    const ancient = periodOf({ to: '0001-01-01T00:00:00Z' });
    expect(ancient.from.getTime()).toBe(ancient.to.getTime());
    expect(ancient.to.getUTCFullYear()).toBe(1900);
    const far = periodOf({ from: '9999-01-01T00:00:00Z', to: '9999-12-31T00:00:00Z' });
    expect(far.from.getTime()).toBe(far.to.getTime());
  });
});
