import { reportPeriodicity } from 'contracts';
import { describe, expect, it } from 'vitest';
import { closedPeriods, periodLabel, periodOf } from '../../src/modules/ereporting/periods';
import { mismatchOf, paymentShares } from '../../src/modules/ereporting/report-figures';

describe('e-reporting periods', () => {
  it('cuts months into décades, the third running to the month’s end', () => {
    expect(periodOf('2026-09-01', 'decade')).toEqual({ start: '2026-09-01', end: '2026-09-10' });
    expect(periodOf('2026-09-20', 'decade')).toEqual({ start: '2026-09-11', end: '2026-09-20' });
    expect(periodOf('2026-10-31', 'decade')).toEqual({ start: '2026-10-21', end: '2026-10-31' });
    expect(periodOf('2028-02-25', 'decade')).toEqual({ start: '2028-02-21', end: '2028-02-29' });
    expect(periodOf('2027-02-21', 'decade')).toEqual({ start: '2027-02-21', end: '2027-02-28' });
  });

  it('months and pairs of months start on calendar boundaries', () => {
    expect(periodOf('2026-12-31', 'month')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(periodOf('2026-10-15', 'two-months')).toEqual({ start: '2026-09-01', end: '2026-10-31' });
    expect(periodOf('2027-01-02', 'two-months')).toEqual({ start: '2027-01-01', end: '2027-02-28' });
    expect(periodOf('2026-12-02', 'two-months')).toEqual({ start: '2026-11-01', end: '2026-12-31' });
  });

  it('lists the periods that are over, a period ending today not yet', () => {
    expect(closedPeriods('2026-09-05', '2026-10-11', 'decade').map((period) => period.start)).toEqual([
      '2026-09-01',
      '2026-09-11',
      '2026-09-21',
      '2026-10-01',
    ]);
    expect(closedPeriods('2026-09-05', '2026-10-10', 'decade')).toHaveLength(3);
    expect(closedPeriods('2026-11-01', '2026-11-30', 'month')).toEqual([]);
  });

  it('says each period in French', () => {
    expect(periodLabel({ start: '2026-09-01', end: '2026-09-10' })).toBe('1re décade de septembre 2026');
    expect(periodLabel({ start: '2026-09-11', end: '2026-09-20' })).toBe('2e décade de septembre 2026');
    expect(periodLabel({ start: '2027-02-21', end: '2027-02-28' })).toBe('3e décade de février 2027');
    expect(periodLabel({ start: '2026-09-01', end: '2026-09-30' })).toBe('septembre 2026');
    expect(periodLabel({ start: '2026-11-01', end: '2026-12-31' })).toBe('novembre–décembre 2026');
  });

  it('follows the garage’s VAT filing: décades for the monthly normal regime’s sales, months or two months else', () => {
    expect(reportPeriodicity('normal-monthly', 'transactions')).toBe('decade');
    expect(reportPeriodicity('normal-monthly', 'payments')).toBe('month');
    expect(reportPeriodicity('normal-quarterly', 'transactions')).toBe('month');
    expect(reportPeriodicity('simplified', 'transactions')).toBe('month');
    expect(reportPeriodicity('franchise', 'payments')).toBe('two-months');
  });

  it('a report whose totals differ from the documents’ is stopped with both figures in French', () => {
    const built = { lines: [], amount: 10_000, tax: 2_000, count: 2, mismatch: null };
    expect(mismatchOf({ preTax: 10_000, tax: 2_000, count: 2 }, built)).toBeNull();
    expect(mismatchOf({ preTax: 10_001, tax: 2_000, count: 2 }, built)).toBe(
      'Les factures et avoirs émis totalisent 100,01 € HT et 20,00 € de TVA (2 documents), le rapport 100,00 € HT et 20,00 € de TVA (2 documents)',
    );
  });
});

describe('the services’ share of payments (Flux 10.4)', () => {
  // An invoice of 1 000 € TTC, half of it labour at 20 % (500 € TTC, 83,33 € of VAT).
  const invoice = {
    id: 1,
    day: '2027-01-05',
    preTaxAmount: 83_334,
    taxAmount: 16_666,
    issuedAt: new Date('2027-01-05T09:00:00Z'),
    parts: [
      { category: 'TPS1' as const, rate: 20, base: 41_667, tax: 8_333 },
      { category: 'TLB1' as const, rate: 20, base: 41_667, tax: 8_333 },
    ],
  };
  // A credit note of 200 € TTC of labour, issued in February.
  const credit = {
    id: 2,
    day: '2027-02-03',
    preTaxAmount: -16_667,
    taxAmount: -3_333,
    issuedAt: new Date('2027-02-03T09:00:00Z'),
    parts: [{ category: 'TPS1' as const, rate: 20, base: -16_667, tax: -3_333 }],
  };
  const pay = (id: number, amount: number, at: string) => ({
    id,
    invoiceId: 1,
    amount,
    day: at.slice(0, 10),
    recordedAt: new Date(at),
  });
  const shares = (history: ReturnType<typeof pay>[]) =>
    paymentShares(history, [invoice, credit]).map(({ shares: [share] }) => share?.amount);

  it('takes a credit note issued after a payment into the next one only, and adds up to the services once paid', () => {
    // January: 500 € paid, half of it labour. February: the credit note, then the 300 € left.
    expect(shares([pay(1, 50_000, '2027-01-10T10:00:00Z'), pay(2, 30_000, '2027-02-10T10:00:00Z')])).toEqual([
      25_000, 5_000,
    ]);
  });

  it('a refund after the invoice was wholly paid then credited takes back what it reported', () => {
    const wholeCredit = {
      ...credit,
      preTaxAmount: -83_334,
      taxAmount: -16_666,
      parts: invoice.parts.map((part) => ({ ...part, base: -part.base, tax: -part.tax })),
    };
    const refunded = paymentShares(
      [pay(1, 100_000, '2027-01-10T10:00:00Z'), pay(2, -100_000, '2027-02-10T10:00:00Z')],
      [invoice, wholeCredit],
    ).map(({ shares: [share] }) => share?.amount);
    expect(refunded).toEqual([50_000, -50_000]);
  });
});

describe('a change of VAT regime', () => {
  it('names a period cut short by its days', () => {
    expect(periodLabel({ start: '2026-09-11', end: '2026-09-30' })).toBe('du 11/09/2026 au 30/09/2026');
  });
});
