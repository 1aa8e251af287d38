import { type SQL, sql } from 'drizzle-orm';

/**
 * The ids of every company in the franchises these companies belong to (a subquery): where a franchisor's
 * published catalogue and templates come from. Raw SQL with its own aliases, so it nests inside queries on
 * `companies` too.
 */
export function franchiseCompanyIds(companyIds: readonly number[]): SQL {
  return sql`(select network.id from companies network where network.franchise_id in (
    select mine.franchise_id from companies mine where mine.id in ${[...companyIds]} and mine.franchise_id is not null))`;
}
