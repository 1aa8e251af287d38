import { ACCOUNT_DISABLED_MESSAGE } from 'contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { memberships, users } from '../../db/schema';
import { forbidden } from '../../lib/domain-error';

/**
 * Login, once the password is right: an account may open a session while it is not locked as a whole (`users.active`,
 * a super admin's decision) and still has one active membership (garage admins deactivate memberships only).
 */
export async function assertAccountNotDisabled(db: Database, userId: number): Promise<void> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.active, true),
        sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.active})`,
      ),
    );
  if (!user) throw forbidden(ACCOUNT_DISABLED_MESSAGE);
}
