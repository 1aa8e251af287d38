import { type TotpEnrolment, TWO_FACTOR_ALREADY_ON, type TwoFactorStatus, USER_NOT_FOUND } from 'contracts';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { memberships, recoveryCodes, users } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/domain-error';
import { logEvent } from '../../ledger/events';
import { verifyPassword } from '../password';
import { endChallenges } from './challenges';
import { requiresSecondFactor } from './policy';
import { recoveryCodesLeft } from './recovery-codes';
import { enrolmentOf, newTotpSecret } from './totp';

/**
 * Turns the factor on with `secret`, its first code's step recorded as used; only while the account has none
 * (`onlyPending`: and while `secret` is still the one drawn for it, so a newer QR code shown in another tab wins).
 * False when that no longer holds.
 */
export async function activateFactor(
  tx: Transaction,
  userId: number,
  secret: string,
  step: number,
  onlyPending = false,
): Promise<boolean> {
  const conditions: SQL[] = [eq(users.id, userId), isNull(users.totpEnabledAt)];
  if (onlyPending) conditions.push(eq(users.totpSecret, secret));
  const activated = await tx
    .update(users)
    .set({ totpSecret: secret, totpEnabledAt: new Date(), totpLastStep: step })
    .where(and(...conditions))
    .returning({ id: users.id });
  return activated.length > 0;
}

/**
 * A super admin's reset of a member of `companyId` (a lost phone): the factor cleared and the reset written in the
 * garage's event log, together. Another garage's account does not exist for this caller (404).
 */
export async function resetFactorOfMember(db: Database, companyId: number, userId: number, byUserId: number) {
  const [member] = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
  if (!member) throw notFound(USER_NOT_FOUND);
  await db.transaction(async (tx) => {
    await clearFactor(tx, userId);
    await logEvent(tx, companyId, 'mfa-reset', { userId, email: member.email }, byUserId);
  });
}

/** The account has no second factor any more: secret, recovery codes and sign-ins in progress gone. */
export async function clearFactor(tx: Transaction, userId: number): Promise<void> {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await endChallenges(tx, userId);
}

/**
 * Draws a new secret for « Mon compte » and keeps it, not yet active, until its first code confirms it (a new call
 * replaces it: only the last QR code shown works). 409 when the account already has a factor.
 */
export async function setupSecret(db: Database, userId: number): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const [row] = await db
    .update(users)
    .set({ totpSecret: secret })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ email: users.email });
  if (!row) throw conflict(TWO_FACTOR_ALREADY_ON);
  return enrolmentOf(secret, row.email);
}

/** Whether `password` is the account's own (the scrypt check the sign-in makes). */
export async function passwordMatches(db: Database, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row ? verifyPassword(password, row.passwordHash) : false;
}

export async function statusOf(db: Database, userId: number): Promise<TwoFactorStatus> {
  const [row] = await db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('Utilisateur introuvable');
  return {
    enabled: row.enabledAt !== null,
    enabledAt: row.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row.enabledAt ? await recoveryCodesLeft(db, userId) : 0,
    required: await requiresSecondFactor(db, userId),
  };
}
