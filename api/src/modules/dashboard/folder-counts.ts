import { inArray, type SQL, sql } from 'drizzle-orm';
import { folderCounts, folders } from '../../db/schema';
import { PARIS_ZONE } from '../../lib/paris-time';
import { countedPeriod } from './counted-period';
import type { DashboardScope } from './repository';

/** What `folder_counts` counts folders by (migration 0067): opened ones per column, closed ones by closing day. */
export type CountedDimension = 'status' | 'insurer' | 'known_by' | 'technician' | 'closed';

/** The folder column each dimension keys on, for the hours the counts do not cover (as text, as the counts store it). */
const LIVE_KEY: Record<CountedDimension, SQL> = {
  status: sql`status_id::text`,
  insurer: sql`insurer`,
  known_by: sql`known_by_id::text`,
  technician: sql`technician_id::text`,
  closed: sql`null::text`,
};

const instantRanges = (column: SQL, pairs: [Date, Date][]) =>
  sql.join(
    pairs.map(
      ([start, end]) =>
        sql`(${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  );

const NOTHING = sql`select null::int as company_id, null::date as period_start, null::text as key, 0 as folders,
  0 as closed where false`;

/**
 * The scope's folders of the period counted by `dimension`, as rows `company_id, period_start` (a French day or the
 * first day of a month), `key`, `folders`, `closed`: several rows may share a key, the widget sums them. Whole months
 * and days come from `folder_counts`; the hours of a day cut by the period from the folders themselves (one index
 * range each end).
 */
export function periodCounts(scope: DashboardScope, dimension: CountedDimension): SQL {
  const period = countedPeriod(scope.from, scope.to);
  const grains = [
    ...period.months.map((range) => ({ grain: 'month', range })),
    ...period.days.map((range) => ({ grain: 'day', range })),
  ];
  const parts: SQL[] = grains.map(
    ({ grain, range: [start, end] }) => sql`select company_id, period_start, key, folders, closed from folder_counts
      where ${inArray(folderCounts.companyId, scope.companyIds)} and dimension = ${dimension} and grain = ${grain}
        and period_start >= ${start}::date and period_start < ${end}::date`,
  );
  if (period.instants.length > 0) {
    const at = dimension === 'closed' ? sql.raw('closed_at') : sql.raw('created_at');
    parts.push(sql`select company_id, (${at} at time zone ${PARIS_ZONE})::date as period_start,
      ${LIVE_KEY[dimension]} as key, 1 as folders, (closed_at is not null)::int as closed
      from folders where ${inArray(folders.companyId, scope.companyIds)} and (${instantRanges(at, period.instants)})`);
  }
  return parts.length === 0 ? NOTHING : sql.join(parts, sql` union all `);
}
