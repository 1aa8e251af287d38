import { can, type Permission } from 'contracts';
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/index';
import { memberships } from '../db/schema';

/**
 * The demo user of a garage who would have done a seeded action: its first member (by id) whose roles grant
 * `permission`, checked with the one permission table; null when nobody in the garage may.
 */
export async function firstMemberAllowed(tx: Transaction, companyId: number, permission: Permission) {
  const staff = await tx
    .select({ userId: memberships.userId, roles: memberships.roles })
    .from(memberships)
    .where(eq(memberships.companyId, companyId))
    .orderBy(asc(memberships.userId));
  return staff.find((member) => can(member.roles, permission))?.userId ?? null;
}
