import { createHash, randomBytes } from 'node:crypto';
import {
  ACTIVATION_ALREADY_DONE,
  ACTIVATION_EXPIRED,
  ACTIVATION_INVALID,
  ACTIVATION_PASSWORD_REQUIRED,
  ACTIVATION_TTL_HOURS,
  type ActivationInfo,
  type NewPasswordBody,
} from 'contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { activationTokens, users } from '../../db/schema';
import { gone, invalid, notFound } from '../../lib/domain-error';
import { hashPassword } from '../auth/password';

/** Only the sha256 of a link's token is stored: a stolen database yields no working link. */
export const hashActivationToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface ActivationOptions {
  /** The account has no password yet (a new network's first administrator): the link's page asks for one. */
  setsPassword?: boolean;
}

/** A new one-time link token for `userId` (32 random bytes, base64url), valid 72 hours; answers the clear token. */
export async function issueActivationToken(
  tx: Transaction,
  userId: number,
  now = new Date(),
  options: ActivationOptions = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(activationTokens).values({
    tokenHash: hashActivationToken(token),
    userId,
    expiresAt: new Date(now.getTime() + ACTIVATION_TTL_HOURS * 3_600_000),
    setsPassword: options.setsPassword ?? false,
  });
  return token;
}

/** The link's account, or the French reason it cannot be used (404 unknown, 410 used or expired). */
export async function readActivation(db: Database | Transaction, token: string): Promise<ActivationInfo> {
  const [row] = await db
    .select({
      email: users.email,
      firstname: users.firstname,
      activatedAt: users.activatedAt,
      usedAt: activationTokens.usedAt,
      expiresAt: activationTokens.expiresAt,
      setsPassword: activationTokens.setsPassword,
    })
    .from(activationTokens)
    .innerJoin(users, eq(users.id, activationTokens.userId))
    .where(eq(activationTokens.tokenHash, hashActivationToken(token)));
  if (!row) throw notFound(ACTIVATION_INVALID);
  if (row.usedAt || row.activatedAt) throw gone(ACTIVATION_ALREADY_DONE);
  if (row.expiresAt.getTime() <= Date.now()) throw gone(ACTIVATION_EXPIRED);
  return { email: row.email, firstname: row.firstname, setsPassword: row.setsPassword };
}

/**
 * Uses the link once: the token is marked used and the account activated in one transaction. A link that sets the
 * password needs `body` (the password typed twice, checked by its contract) and stores its hash in that same
 * transaction; any other link ignores it (the account keeps the password it has).
 */
export async function activateAccount(db: Database, token: string, body?: NewPasswordBody | null): Promise<void> {
  // The link's reason first, then the slow hash outside the transaction.
  const { setsPassword } = await readActivation(db, token);
  if (setsPassword && !body) throw invalid(ACTIVATION_PASSWORD_REQUIRED);
  const passwordHash = setsPassword && body ? await hashPassword(body.password) : undefined;
  await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(activationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(activationTokens.tokenHash, hashActivationToken(token)),
          isNull(activationTokens.usedAt),
          gt(activationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: activationTokens.userId, setsPassword: activationTokens.setsPassword });
    if (!claimed) {
      await readActivation(tx, token); // throws the reason
      throw gone(ACTIVATION_ALREADY_DONE);
    }
    if (claimed.setsPassword && !passwordHash) throw invalid(ACTIVATION_PASSWORD_REQUIRED);
    const [user] = await tx
      .update(users)
      .set({ activatedAt: now, ...(claimed.setsPassword && passwordHash ? { passwordHash } : {}) })
      .where(and(eq(users.id, claimed.userId), isNull(users.activatedAt)))
      .returning({ id: users.id });
    if (!user) throw gone(ACTIVATION_ALREADY_DONE);
  });
}
