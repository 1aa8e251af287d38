/*
 * The one clock of the product: garages work on French time. A payment "today", an invoice's issue day, a closing
 * at the end of the day are the Paris calendar day, never the server's UTC day (from 22:00 or 23:00 UTC it is
 * already tomorrow in France).
 */

export const FRANCE_TIME_ZONE = 'Europe/Paris';

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: FRANCE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day of an instant in France, "YYYY-MM-DD". */
export const parisDay = (at: Date): string => PARIS_DAY.format(at);

/** Today in France, "YYYY-MM-DD". */
export const parisToday = (now = new Date()): string => parisDay(now);

const FRENCH = {
  date: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: FRANCE_TIME_ZONE }),
  longDate: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: FRANCE_TIME_ZONE }),
  dateTime: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: FRANCE_TIME_ZONE }),
  longDateTime: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: FRANCE_TIME_ZONE }),
};

/**
 * An instant as a French document or message writes it, on Paris time whatever the server's zone:
 * "24/11/2026", "24 novembre 2026", "24/11/2026 14:05", "24 novembre 2026 à 14:05".
 */
export const formatParisDate = (at: Date, style: 'short' | 'long' = 'short'): string =>
  (style === 'long' ? FRENCH.longDate : FRENCH.date).format(at);
export const formatParisDateTime = (at: Date, style: 'short' | 'long' = 'short'): string =>
  (style === 'long' ? FRENCH.longDateTime : FRENCH.dateTime).format(at);

const PARIS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: FRANCE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** How far Paris clocks are ahead of UTC at an instant (60 or 120 minutes), in milliseconds. */
function parisOffsetMs(at: Date): number {
  const part = (type: string) => Number(PARIS_PARTS.formatToParts(at).find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return wall - Math.floor(at.getTime() / 60_000) * 60_000;
}

/**
 * The instant Paris clocks show `hh:mm` on `day` ("YYYY-MM-DD"): a reminder "the day before at 10:00" is 09:00 UTC
 * in winter and 08:00 UTC in summer. Twice corrected so the days the clocks change come out right.
 */
export function parisWallTime(day: string, hour: number, minute = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  const first = asUtc - parisOffsetMs(new Date(asUtc));
  return new Date(asUtc - parisOffsetMs(new Date(first)));
}

/** The calendar day before "YYYY-MM-DD". */
export function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}
