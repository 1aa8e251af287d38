import { describe, expect, it } from 'vitest';
import {
  monthOf,
  PERIOD_EXPORT_DATE_INVALID,
  PERIOD_EXPORT_REVERSED,
  PERIOD_EXPORT_TOO_LONG,
  periodExportFileName,
  periodExportQuerySchema,
  periodExportRefusal,
} from './billing-downloads';

describe('period exports', () => {
  it('accept up to 366 days, Du and Au included, of days that exist', () => {
    expect(periodExportRefusal('2026-11-01', '2026-11-01')).toBeUndefined();
    expect(periodExportRefusal('2024-01-01', '2024-12-31')).toBeUndefined(); // a leap year: 366 days
    expect(periodExportRefusal('2025-01-01', '2026-01-02')).toBe(PERIOD_EXPORT_TOO_LONG);
    expect(periodExportRefusal('2026-11-30', '2026-11-01')).toBe(PERIOD_EXPORT_REVERSED);
    expect(periodExportRefusal('2026-02-29', '2026-03-01')).toBe(PERIOD_EXPORT_DATE_INVALID);
    expect(periodExportRefusal('2026-11-01', '30/11/2026')).toBe(PERIOD_EXPORT_DATE_INVALID);
  });

  it('read the query as the API does: xlsx by default, the refusal in French', () => {
    expect(periodExportQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      format: 'xlsx',
    });
    const refused = periodExportQuerySchema.safeParse({ from: '2026-11-30', to: '2026-11-01', format: 'csv' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PERIOD_EXPORT_REVERSED]);
  });

  it('name the file after the list and the period; default to the whole month', () => {
    expect(periodExportFileName('invoice', '2026-11-01', '2026-11-30', 'xlsx')).toBe(
      'factures-2026-11-01-au-2026-11-30.xlsx',
    );
    expect(periodExportFileName('payment', '2026-01-01', '2026-12-31', 'csv')).toBe(
      'paiements-2026-01-01-au-2026-12-31.csv',
    );
    expect(monthOf('2026-12-24')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
