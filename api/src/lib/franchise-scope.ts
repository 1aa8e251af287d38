import { can, FRANCHISE_FORBIDDEN, FRANCHISE_NOT_FOUND } from 'contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { companies, franchises } from '../db/schema';
import type { AuthContext } from '../modules/auth/auth-context';
import { forbidden, notFound } from './domain-error';

/**
 * The ids of every company in the franchises these companies belong to (a subquery): where a franchisor's
 * published catalogue and templates come from. Raw SQL with its own aliases, so it nests inside queries on
 * `companies` too.
 */
export function franchiseCompanyIds(companyIds: readonly number[]): SQL {
  return sql`(select network.id from companies network where network.franchise_id in (
    select mine.franchise_id from companies mine where mine.id in ${[...companyIds]} and mine.franchise_id is not null))`;
}

/**
 * Who may see and add the centres of a franchise: a super admin, or the franchisor of that very franchise
 * (a ROLE_FRANCHISEUR member of one of its companies). Another franchise's id is refused (403), an unknown one 404.
 */
export async function assertFranchiseAccess(db: Database, auth: AuthContext, franchiseId: number): Promise<void> {
  const [franchise] = await db.select({ id: franchises.id }).from(franchises).where(eq(franchises.id, franchiseId));
  const superAdmin = auth.memberships.some((m) => can(m.roles, 'allNetworks'));
  if (superAdmin) {
    if (!franchise) throw notFound(FRANCHISE_NOT_FOUND);
    return;
  }
  const franchisorOf = auth.memberships.filter((m) => can(m.roles, 'networkHead')).map((m) => m.companyId);
  if (!franchise || franchisorOf.length === 0) throw forbidden(FRANCHISE_FORBIDDEN);
  const [own] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, franchisorOf), eq(companies.franchiseId, franchiseId)))
    .limit(1);
  if (!own) throw forbidden(FRANCHISE_FORBIDDEN);
}
