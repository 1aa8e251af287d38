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
