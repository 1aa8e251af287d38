import { describe, expect, it } from 'vitest';
import { countedPeriod } from './counted-period';

const at = (iso: string) => new Date(iso);

describe('countedPeriod', () => {
  it('reads whole months, the days around them, and the hours of partial days', () => {
    // 14 March 2026 at 15:30 in Paris (winter time) to 2 November 2026 at 10:00 (winter time again).
    expect(countedPeriod(at('2026-03-14T14:30:00Z'), at('2026-11-02T09:00:00Z'))).toEqual({
      months: [['2026-04-01', '2026-11-01']],
      days: [
        ['2026-03-15', '2026-04-01'],
        ['2026-11-01', '2026-11-02'],
      ],
      instants: [
        [at('2026-03-14T14:30:00Z'), at('2026-03-14T23:00:00Z')],
        [at('2026-11-01T23:00:00Z'), at('2026-11-02T09:00:00Z')],
      ],
    });
  });

  it('counts a period of French midnights from the counts alone, summer time included', () => {
    // 1 July 2026 00:00 in Paris is 22:00 UTC the day before; 1 January 2027 00:00 is 23:00 UTC.
    expect(countedPeriod(at('2026-06-30T22:00:00Z'), at('2026-12-31T23:00:00Z'))).toEqual({
      months: [['2026-07-01', '2027-01-01']],
      days: [],
      instants: [],
    });
  });

  it('keeps days when no whole month fits, and the hours of a period shorter than a day', () => {
    expect(countedPeriod(at('2026-10-24T22:00:00Z'), at('2026-10-29T23:00:00Z'))).toEqual({
      months: [],
      days: [['2026-10-25', '2026-10-30']],
      instants: [],
    });
    expect(countedPeriod(at('2026-10-25T08:00:00Z'), at('2026-10-25T20:00:00Z'))).toEqual({
      months: [],
      days: [],
      instants: [[at('2026-10-25T08:00:00Z'), at('2026-10-25T20:00:00Z')]],
    });
  });

  it('has nothing to count in an empty period', () => {
    expect(countedPeriod(at('2026-05-01T10:00:00Z'), at('2026-05-01T10:00:00Z'))).toEqual({
      months: [],
      days: [],
      instants: [],
    });
  });
});
