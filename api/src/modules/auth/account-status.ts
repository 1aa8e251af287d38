import { ACCOUNT_DISABLED_MESSAGE } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { users } from '../../db/schema';
import { httpError } from '../../lib/http-error';

/** Login, once the password is right: a deactivated account ("Mes utilisateurs") may not open a session. */
export async function assertAccountNotDisabled(db: Database, userId: number): Promise<void> {
  const [user] = await db.select({ active: users.active }).from(users).where(eq(users.id, userId));
  if (!user?.active) throw httpError(403, ACCOUNT_DISABLED_MESSAGE);
}
