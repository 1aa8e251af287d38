import { describe, expect, it } from 'vitest';
import { formatParisDate, formatParisDateTime, parisDay } from './clock';

describe('the one clock', () => {
  // 23:30 UTC on 31 December is already New Year's Day in Paris (UTC+1 in winter).
  const newYear = new Date('2026-12-31T23:30:00Z');

  it('counts days and writes dates on Paris time, whatever the server zone', () => {
    expect(parisDay(newYear)).toBe('2027-01-01');
    expect(formatParisDate(newYear)).toBe('01/01/2027');
    expect(formatParisDate(newYear, 'long')).toBe('1 janvier 2027');
    expect(formatParisDateTime(newYear)).toBe('01/01/2027 00:30');
    expect(formatParisDateTime(new Date('2026-07-14T08:05:00Z'), 'long')).toBe('14 juillet 2026 à 10:05');
  });
});
