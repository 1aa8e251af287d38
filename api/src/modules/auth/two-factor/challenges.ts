import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { loginChallenges, users } from '../../../db/schema';
import { hashToken } from '../sessions';

/*
 * A sign-in half done (`login_challenges`): the password was right, the code is still to come. The browser holds a
 * random token; the database only its hash (a leaked table opens nothing). It lives 5 minutes and dies after a few
 * wrong codes, so each password typed buys at most that many guesses of a six-digit code.
 */

export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const MAX_WRONG_CODES = 5;

export type ChallengeRow = typeof loginChallenges.$inferSelect;

export async function createChallenge(
  db: Database,
  userId: number,
  kind: 'verify' | 'enrol',
  pendingSecret: string | null = null,
): Promise<{ challenge: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_LIFETIME_MS);
  // The account's finished or expired challenges go: the table holds only sign-ins in progress.
  await db
    .delete(loginChallenges)
    .where(
      and(
        eq(loginChallenges.userId, userId),
        or(isNotNull(loginChallenges.usedAt), lt(loginChallenges.expiresAt, new Date())),
      ),
    );
  await db.insert(loginChallenges).values({ tokenHash: hashToken(token), userId, kind, pendingSecret, expiresAt });
  return { challenge: token, expiresAt: expiresAt.toISOString() };
}

/** The challenge of this token while it may still be answered (not used, not ended, not expired). */
export async function liveChallenge(db: Database, token: string): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(token)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date()),
      ),
    );
  return row;
}

/** The e-mail of the account a challenge token belongs to (the rate limit's key), or '' for an unknown token. */
export async function challengeEmail(db: Database, token: string): Promise<string> {
  const [row] = await db
    .select({ email: users.email })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(eq(loginChallenges.tokenHash, hashToken(token)));
  return row?.email ?? '';
}

/**
 * Counts a wrong code, in one statement (two wrong codes sent at once both count); the last one allowed ends the
 * challenge. True when it has just ended.
 */
export async function recordWrongCode(db: Database, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .update(loginChallenges)
    .set({
      failedAttempts: sql`${loginChallenges.failedAttempts} + 1`,
      usedAt: sql`case when ${loginChallenges.failedAttempts} + 1 >= ${MAX_WRONG_CODES} then now() else ${loginChallenges.usedAt} end`,
    })
    .where(eq(loginChallenges.tokenHash, tokenHash))
    .returning({ failedAttempts: loginChallenges.failedAttempts });
  return (row?.failedAttempts ?? MAX_WRONG_CODES) >= MAX_WRONG_CODES;
}

/** Uses the challenge up; false when another request did first, or it expired meanwhile. */
export async function claimChallenge(tx: Transaction, tokenHash: string): Promise<boolean> {
  const claimed = await tx
    .update(loginChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ tokenHash: loginChallenges.tokenHash });
  return claimed.length > 0;
}

/** Every sign-in in progress of the account ends (its factor was reset). */
export async function endChallenges(db: Database | Transaction, userId: number): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}
