import { FRANCE_TIME_ZONE } from 'contracts';
import { sql } from 'drizzle-orm';

/**
 * The French time zone in SQL (contracts' one clock). A literal, not a bound parameter: it also appears in
 * GROUP BY expressions, which must repeat the selected expression exactly.
 */
export const PARIS_ZONE = sql.raw(`'${FRANCE_TIME_ZONE}'`);

/** Today in France, as a SQL date. */
export const PARIS_TODAY = sql`(now() at time zone ${PARIS_ZONE})::date`;

/** Paris midnight starting `day` (YYYY-MM-DD), as a timestamptz (daylight saving time handled by the database). */
export const parisMidnight = (day: string) => sql`(${day}::timestamp at time zone ${PARIS_ZONE})`;
