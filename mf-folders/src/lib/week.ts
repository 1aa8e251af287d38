/*
 * The week on screen, in the browser's calendar (local dates): Monday first, seven days, [Monday, next Monday[.
 * Local dates are built with `new Date(y, m, d)`, so a week keeps its days across a clock change.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** 2026-11-24: a local day, the cells' key and the page's `?semaine=`. */
export const dayKey = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The local day of `key` (00:00), or undefined when it is not a date. */
export function parseDayKey(key: string | null | undefined): Date | undefined {
  const match = key?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date) === key ? date : undefined;
}

export const addDays = (date: Date, days: number): Date =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** Monday 00:00 of the week holding `date`. */
export const mondayOf = (date: Date): Date => addDays(date, -((date.getDay() + 6) % 7));

/** The seven days of the week starting `monday`. */
export const weekDays = (monday: Date): Date[] => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/** What `GET /api/calendar` asks: [Monday 00:00, next Monday 00:00[ as instants. */
export const weekRange = (monday: Date) => ({ from: monday.toISOString(), to: addDays(monday, 7).toISOString() });

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long' });
const dayNumber = (date: Date) => (date.getDate() === 1 ? '1er' : String(date.getDate()));

/** "Semaine du 24 au 30 novembre 2026", "… du 30 novembre au 6 décembre 2026", "… du 29 décembre 2025 au 4 janvier 2026". */
export function weekTitle(monday: Date): string {
  const sunday = addDays(monday, 6);
  const end = `${dayNumber(sunday)} ${monthName.format(sunday)} ${sunday.getFullYear()}`;
  if (monday.getFullYear() !== sunday.getFullYear()) {
    return `Semaine du ${dayNumber(monday)} ${monthName.format(monday)} ${monday.getFullYear()} au ${end}`;
  }
  if (monday.getMonth() !== sunday.getMonth()) {
    return `Semaine du ${dayNumber(monday)} ${monthName.format(monday)} au ${end}`;
  }
  return `Semaine du ${dayNumber(monday)} au ${end}`;
}

const weekdayName = new Intl.DateTimeFormat('fr-FR', { weekday: 'long' });
const shortDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short' });
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Mardi" and "24 nov." for a column header. */
export const dayLabel = (date: Date) => ({
  weekday: capitalize(weekdayName.format(date)),
  date: shortDate.format(date),
});

const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** "09:00 – 10:30". */
export function timeRange(start: string, minutes: number): string {
  const from = new Date(start);
  return `${time.format(from)} – ${time.format(new Date(from.getTime() + minutes * 60_000))}`;
}

/** "1 h 30", "45 min", "12 h". */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${pad(rest)}`;
}

/** The hours a drop can choose on the week's grid (the garage's day), and their steps. */
export const GRID_HOURS = { from: 8, to: 19 } as const;
export const GRID_STEP_MINUTES = 15;
/** A new appointment's usual start: the morning's first slot. */
const OPENING_HOUR = 9;
const QUARTER_MS = GRID_STEP_MINUTES * 60_000;

const isWorkingDay = (date: Date) => date.getDay() !== 0 && date.getDay() !== 6;
const at = (day: Date, hour: number, minute = 0) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute);

/**
 * Where « Nouveau rendez-vous » starts on the week shown: its Monday at 9:00 for a week to come; for this week (or
 * a past one), the next working day's (Monday to Friday) first slot still ahead: today's next quarter hour during
 * the day, tomorrow 9:00 in the evening, Monday 9:00 on a weekend. Never a Sunday, never in the past.
 */
export function defaultSlotStart(monday: Date, now = new Date()): Date {
  const from = monday.getTime() > now.getTime() ? monday : now;
  for (let offset = 0; offset < 8; offset += 1) {
    const day = addDays(new Date(from.getFullYear(), from.getMonth(), from.getDate()), offset);
    if (!isWorkingDay(day)) continue;
    const opening = at(day, OPENING_HOUR);
    if (opening.getTime() > now.getTime()) return opening;
    const next = new Date(Math.ceil(now.getTime() / QUARTER_MS) * QUARTER_MS);
    if (dayKey(next) === dayKey(day) && next.getHours() < GRID_HOURS.to) return next;
  }
  return at(addDays(mondayOf(now), 7), OPENING_HOUR);
}

/** The time a drop at `fraction` (0: top, 1: bottom) of a day's cell chooses: the grid's hours, by quarter hour. */
export function timeAtFraction(day: Date, fraction: number): Date {
  const steps = ((GRID_HOURS.to - GRID_HOURS.from) * 60) / GRID_STEP_MINUTES;
  const step = Number.isFinite(fraction) ? Math.min(steps - 1, Math.max(0, Math.floor(fraction * steps))) : 0;
  return at(day, GRID_HOURS.from, step * GRID_STEP_MINUTES);
}
