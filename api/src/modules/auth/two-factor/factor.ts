import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { users } from '../../../db/schema';
import { claimRecoveryCode, matchingRecoveryCode } from './recovery-codes';
import { matchingStep } from './totp';

/**
 * What a typed code proved, before it is recorded as used: a TOTP code of a time step, or one recovery code. Checking
 * and recording are apart because a recovery code's check is slow (scrypt) and must not hold a transaction open.
 */
export type Proof = { kind: 'totp'; step: number } | { kind: 'recovery'; id: number };

/** The account's second factor as sign-in reads it. */
export async function factorOf(db: Database, userId: number) {
  const [row] = await db
    .select({ email: users.email, secret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A TOTP code of `secret`, or (`recovery`) one of the account's unused recovery codes; null when it is neither. */
export async function checkCode(
  db: Database,
  userId: number,
  secret: string,
  code: string,
  options: { recovery: boolean },
): Promise<Proof | null> {
  const step = matchingStep(secret, code);
  if (step !== null) return { kind: 'totp', step };
  if (!options.recovery) return null;
  const id = await matchingRecoveryCode(db, userId, code);
  return id === null ? null : { kind: 'recovery', id };
}

/**
 * Records the proof as used, in one conditional statement: a TOTP step only when it is later than the last accepted
 * one (`totp_last_step`), a recovery code only while unused. Of two requests sending the same code at once, the row
 * lock makes the second re-read the condition after the first commits: exactly one wins. False: already used.
 */
export async function claimProof(tx: Transaction, userId: number, proof: Proof): Promise<boolean> {
  if (proof.kind === 'recovery') return claimRecoveryCode(tx, proof.id);
  const claimed = await tx
    .update(users)
    .set({ totpLastStep: proof.step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, proof.step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}
