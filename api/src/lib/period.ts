const YEAR_MS = 365 * 86_400_000;

/** [from, to[ of a `dashboardQuerySchema` query: to defaults to now, from to a year before `to`. */
export function periodOf(query: { from?: string; to?: string }): { from: Date; to: Date } {
  const to = query.to ? new Date(query.to) : new Date();
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - YEAR_MS);
  return { from, to };
}
