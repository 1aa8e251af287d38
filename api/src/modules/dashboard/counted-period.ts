import { addDays, parisDay, parisWallTime } from 'contracts';

/**
 * A dashboard period [from, to[ cut the way `folder_counts` can answer it: the whole French months inside it from
 * the month rows, the whole days left at either end from the day rows, and what is left of a day at either end
 * (a period starting at 14:00, say) from the folders themselves. Days are "YYYY-MM-DD", ranges end excluded.
 * The pages send French midnights, so in practice only the default period (now minus a year) has instants.
 */
export interface CountedPeriod {
  months: [string, string][];
  days: [string, string][];
  instants: [Date, Date][];
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
const firstOfNextMonth = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
};
const midnight = (day: string) => parisWallTime(day, 0);
const nonEmpty = <T>(ranges: [T, T][]) => ranges.filter(([start, end]) => start < end);

export function countedPeriod(from: Date, to: Date): CountedPeriod {
  if (!(from < to)) return { months: [], days: [], instants: [] };
  const fromDay = parisDay(from);
  const firstWholeDay = midnight(fromDay).getTime() === from.getTime() ? fromDay : addDays(fromDay, 1);
  // The day `to` falls in starts at or before `to`: whole days end there.
  const wholeDaysEnd = parisDay(to);
  if (firstWholeDay >= wholeDaysEnd) return { months: [], days: [], instants: [[from, to]] };
  const instants = nonEmpty<Date>([
    [from, midnight(firstWholeDay)],
    [midnight(wholeDaysEnd), to],
  ]);
  const firstWholeMonth = firstWholeDay.endsWith('-01') ? firstWholeDay : firstOfNextMonth(firstWholeDay);
  const wholeMonthsEnd = firstOfMonth(wholeDaysEnd);
  if (firstWholeMonth >= wholeMonthsEnd) return { months: [], days: [[firstWholeDay, wholeDaysEnd]], instants };
  return {
    months: [[firstWholeMonth, wholeMonthsEnd]],
    days: nonEmpty<string>([
      [firstWholeDay, firstWholeMonth],
      [wholeMonthsEnd, wholeDaysEnd],
    ]),
    instants,
  };
}
