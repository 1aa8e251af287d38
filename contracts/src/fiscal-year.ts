/*
 * A garage's fiscal years: twelve months from the first day of `companies.fiscal_year_start_month`. What
 * the « Comptabilité » page offers as periods, and what names the FEC of a year.
 */

export interface AccountingPeriod {
  /** Days "YYYY-MM-DD" of the Paris calendar, both included. */
  from: string;
  to: string;
}

export interface FiscalYearChoice extends AccountingPeriod {
  label: string;
  /** Ended before today: its books are closed. */
  closed: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** The last day of a month (month 1–12). */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** "2026-10-31" -> "31/10/2026". */
const shown = (day: string) => day.split('-').reverse().join('/');

/** The fiscal year holding `day` when years start on the 1st of `startMonth` (1–12). */
export function fiscalYearAround(day: string, startMonth: number): AccountingPeriod {
  const [year = 1970, month = 1] = day.split('-').map(Number);
  const startYear = month >= startMonth ? year : year - 1;
  const endYear = startMonth === 1 ? startYear : startYear + 1;
  const endMonth = startMonth === 1 ? 12 : startMonth - 1;
  return {
    from: `${startYear}-${pad(startMonth)}-01`,
    to: `${endYear}-${pad(endMonth)}-${pad(lastDay(endYear, endMonth))}`,
  };
}

/** The day before `day`. */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The current fiscal year, then the `count - 1` before it, newest first. */
export function fiscalYearChoices(today: string, startMonth: number, count = 6): FiscalYearChoice[] {
  const choices: FiscalYearChoice[] = [];
  let year = fiscalYearAround(today, startMonth);
  for (let index = 0; index < count; index += 1) {
    const closed = year.to < today;
    choices.push({
      ...year,
      closed,
      label: closed
        ? `Exercice clos le ${shown(year.to)}`
        : `Exercice en cours (du ${shown(year.from)} au ${shown(year.to)})`,
    });
    year = fiscalYearAround(dayBefore(year.from), startMonth);
  }
  return choices;
}

/** The last fiscal year that ended before today: the one an accountant closes and a tax auditor asks for. */
export const lastClosedFiscalYear = (today: string, startMonth: number): AccountingPeriod =>
  fiscalYearAround(dayBefore(fiscalYearAround(today, startMonth).from), startMonth);

export const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;
