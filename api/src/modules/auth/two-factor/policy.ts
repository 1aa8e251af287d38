import { COMPANY_PROFILE_NOT_FOUND, can, type MfaPolicy, type Role } from 'contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db';
import { companies, memberships } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/domain-error';
import { COMPANY_FORBIDDEN_MESSAGE, rolesIn } from '../../../plugins/app/auth';

/**
 * Sign-in asks this account for a second factor: one of its ACTIVE memberships holds a role its garage lists in
 * `mfa_required_roles` (a garage that deactivated them no longer decides).
 */
export async function requiresSecondFactor(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.active, true),
        sql`${memberships.roles} && ${companies.mfaRequiredRoles}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The garage whose policy the caller may read and set: one where they hold `mfaPolicy` themselves (its admin), or a
 * garage of the network they head (the franchisor, for its centres). Any other garage: 403, whether it exists or not.
 */
export async function policyCompany(db: Database, request: FastifyRequest, companyId: number): Promise<number> {
  if (can(rolesIn(request, companyId), 'mfaPolicy')) return companyId;
  const headOf = request.auth.memberships.filter((m) => can(m.roles, 'networkHead')).map((m) => m.companyId);
  if (headOf.length > 0) {
    const [same] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          eq(companies.id, companyId),
          isNotNull(companies.franchiseId),
          inArray(
            companies.franchiseId,
            db.select({ id: companies.franchiseId }).from(companies).where(inArray(companies.id, headOf)),
          ),
        ),
      );
    if (same) return companyId;
  }
  throw forbidden(COMPANY_FORBIDDEN_MESSAGE);
}

export async function readPolicy(db: Database, companyId: number): Promise<MfaPolicy> {
  const [row] = await db
    .select({ roles: companies.mfaRequiredRoles })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound(COMPANY_PROFILE_NOT_FOUND);
  return { companyId, roles: row.roles as Role[] };
}

export async function writePolicy(db: Database, companyId: number, roles: Role[]): Promise<MfaPolicy> {
  const [row] = await db
    .update(companies)
    .set({ mfaRequiredRoles: [...new Set(roles)] })
    .where(eq(companies.id, companyId))
    .returning({ roles: companies.mfaRequiredRoles });
  if (!row) throw notFound(COMPANY_PROFILE_NOT_FOUND);
  return { companyId, roles: row.roles as Role[] };
}
