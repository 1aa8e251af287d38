import { MONTH_NAMES, type Periodicity } from 'contracts';

/*
 * The periods an e-report covers, as ISO days (first and last, both included): décades (1–10, 11–20, 21 to the
 * month's end), calendar months, or pairs of months (January–February, March–April…). Pure date arithmetic on
 * « YYYY-MM-DD », in UTC so no time zone moves a day.
 */

export interface Period {
  start: string;
  end: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, dayOfMonth: number) => new Date(Date.UTC(year, month, dayOfMonth));

/** The period of this periodicity that holds `isoDay`. */
export function periodOf(isoDay: string, periodicity: Periodicity): Period {
  const [year = 0, month = 1, dayOfMonth = 1] = isoDay.split('-').map(Number);
  const m = month - 1;
  if (periodicity === 'decade') {
    const first = dayOfMonth <= 10 ? 1 : dayOfMonth <= 20 ? 11 : 21;
    const last = first === 21 ? utc(year, m + 1, 0) : utc(year, m, first + 9);
    return { start: day(utc(year, m, first)), end: day(last) };
  }
  const firstMonth = periodicity === 'month' ? m : m - (m % 2);
  const months = periodicity === 'month' ? 1 : 2;
  return { start: day(utc(year, firstMonth, 1)), end: day(utc(year, firstMonth + months, 0)) };
}

const dayAfter = (isoDay: string) => day(new Date(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000));

/** Every period from the one holding `since` whose last day is before `today` (it is over), oldest first. */
export function closedPeriods(since: string, today: string, periodicity: Periodicity): Period[] {
  const periods: Period[] = [];
  for (
    let period = periodOf(since, periodicity);
    period.end < today;
    period = periodOf(dayAfter(period.end), periodicity)
  )
    periods.push(period);
  return periods;
}

const monthYear = (isoDay: string) => {
  const [year, month] = isoDay.split('-').map(Number);
  return { name: MONTH_NAMES[(month ?? 1) - 1] ?? '', year };
};

const lastDayOf = (isoDay: string) => periodOf(isoDay, 'month').end;
const frenchDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

/**
 * « 1re décade de septembre 2026 », « septembre 2026 », « septembre–octobre 2026 », or « du 11/11/2026 au 30/11/2026 »
 * for a period cut short (the first one after a change of VAT regime).
 */
export function periodLabel(period: Period): string {
  const start = monthYear(period.start);
  const end = monthYear(period.end);
  const firstDay = Number(period.start.slice(8));
  const sameMonth = period.start.slice(0, 7) === period.end.slice(0, 7);
  const decade = periodOf(period.start, 'decade');
  if (decade.start === period.start && decade.end === period.end) {
    const rank = firstDay === 1 ? '1re' : firstDay === 11 ? '2e' : '3e';
    return `${rank} décade de ${start.name} ${start.year}`;
  }
  const wholeMonths = firstDay === 1 && period.end === lastDayOf(period.end);
  if (wholeMonths && sameMonth) return `${start.name} ${start.year}`;
  if (wholeMonths && start.year === end.year) return `${start.name}–${end.name} ${end.year}`;
  return `du ${frenchDay(period.start)} au ${frenchDay(period.end)}`;
}
