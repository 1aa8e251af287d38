import { ACCOUNT_NOT_ACTIVATED } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { users } from '../../db/schema';
import { forbidden, unauthenticated } from '../../lib/domain-error';
import { assertAccountNotDisabled } from './account-status';
import { verifyAgainstDummy, verifyPassword } from './password';

export const INVALID_CREDENTIALS_MESSAGE = 'Identifiants invalides';

/**
 * The account an e-mail and a password open, or the refusal: the same « Identifiants invalides » for an unknown
 * address and a wrong password (and the same time spent hashing), then a disabled account, then one whose e-mailed
 * activation link was never used.
 */
export async function accountSigningIn(db: Database, email: string, password: string): Promise<number> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, activatedAt: users.activatedAt })
    .from(users)
    .where(eq(users.email, email));
  const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !valid) throw unauthenticated(INVALID_CREDENTIALS_MESSAGE);
  await assertAccountNotDisabled(db, user.id);
  if (!user.activatedAt) throw forbidden(ACCOUNT_NOT_ACTIVATED);
  return user.id;
}
