import { describe, expect, it } from 'vitest';
import { customRange } from './PeriodSelect';

describe('customRange', () => {
  it('runs from the first day’s midnight to the midnight after the last day', () => {
    const range = customRange('2026-03-01', '2026-03-31');
    expect(range && new Date(range.from).getDate()).toBe(1);
    expect(range && new Date(range.to).getMonth()).toBe(3);
    expect(range && new Date(range.to).getDate()).toBe(1);
  });

  it('takes a single day, and refuses an end before the start or a broken date', () => {
    const one = customRange('2026-11-23', '2026-11-23');
    expect(one && new Date(one.to).getTime() - new Date(one.from).getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(customRange('2026-11-24', '2026-11-23')).toBeUndefined();
    expect(customRange('', '2026-11-23')).toBeUndefined();
  });
});
