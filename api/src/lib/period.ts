const YEAR_MS = 365 * 86_400_000;
/**
 * The instants a period may hold: any folder, invoice or payment of the product is inside. A query for the year 1 or
 * 10000 is answered as for the nearest of these bounds (nothing), instead of dates the database cannot write.
 */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9000, 0, 1);
const bounded = (at: number) => new Date(Math.min(Math.max(at, EARLIEST), LATEST));

/** [from, to[ of a `dashboardQuerySchema` query: to defaults to now, from to a year before `to`. */
export function periodOf(query: { from?: string; to?: string }): { from: Date; to: Date } {
  const to = query.to ? Date.parse(query.to) : Date.now();
  const from = query.from ? Date.parse(query.from) : to - YEAR_MS;
  return { from: bounded(from), to: bounded(to) };
}
