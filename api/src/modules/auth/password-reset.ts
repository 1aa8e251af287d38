import { createHash, randomBytes } from 'node:crypto';
import {
  formatParisDateTime,
  PASSWORD_CHANGED_MAIL_SUBJECT,
  PASSWORD_RESET_EXPIRED,
  PASSWORD_RESET_INVALID,
  PASSWORD_RESET_MAIL_SUBJECT,
  PASSWORD_RESET_TTL_MINUTES,
  PASSWORD_RESET_USED,
  type PasswordResetInfo,
} from 'contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { loginChallenges, memberships, outbox, passwordResetTokens, users } from '../../db/schema';
import { gone, notFound } from '../../lib/domain-error';
import { hashPassword } from './password';
import { revokeUserSessions } from './sessions';

/*
 * « Mot de passe oublié ? » (docs/decisions.md). The request's answer is the same for every address and
 * sent before anything is looked up (the route's `afterAnswer`); the link is a random token of which only the
 * sha256 is stored, valid 30 minutes, used once; choosing the password ends every session of the account.
 */

/** Only the sha256 of a link's token is stored: a stolen database yields no working link. */
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * An account that may receive a link: not locked as a whole, activated (one waiting for its activation link
 * chooses its password there) and still a member of one garage (else signing in is refused anyway).
 */
const mayReset = sql`(${users.active} and ${users.activatedAt} is not null and exists (
  select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.active}))`;

const resetMail = (firstname: string, link: string, expiresAt: Date) =>
  [
    `Bonjour${firstname ? ` ${firstname}` : ''},`,
    '',
    'Une demande de réinitialisation du mot de passe de votre compte a été faite.',
    'Pour choisir un nouveau mot de passe, ouvrez ce lien :',
    link,
    '',
    `Ce lien ne sert qu’une fois et expire dans ${PASSWORD_RESET_TTL_MINUTES} minutes (le ${formatParisDateTime(expiresAt)}).`,
    'Choisir un nouveau mot de passe fermera toutes les sessions ouvertes avec l’ancien.',
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe ne change pas.',
  ].join('\n');

const changedMail = (firstname: string, at: Date) =>
  [
    `Bonjour${firstname ? ` ${firstname}` : ''},`,
    '',
    `Le mot de passe de votre compte a été modifié le ${formatParisDateTime(at)} avec un lien de réinitialisation.`,
    'Toutes les sessions ouvertes avec l’ancien mot de passe ont été fermées.',
    'Si vous n’êtes pas à l’origine de ce changement, prévenez tout de suite l’administrateur de votre garage.',
  ].join('\n');

/**
 * Writes a link and its mail when `email` is an account that may reset its password; does nothing otherwise.
 * Runs after the neutral answer has left, so what it finds changes neither the answer nor its time.
 */
export async function sendPasswordResetLink(
  db: Database,
  email: string,
  link: (token: string) => string,
  now = new Date(),
): Promise<void> {
  const [user] = await db
    .select({ id: users.id, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.email, email), mayReset));
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .insert(passwordResetTokens)
      .values({ tokenHash: hashResetToken(token), userId: user.id, expiresAt, createdAt: now });
    await tx.insert(outbox).values({
      channel: 'mail',
      to: email,
      subject: PASSWORD_RESET_MAIL_SUBJECT,
      body: resetMail(user.firstname, link(token), expiresAt),
    });
  });
}

/** The link's account, or the French reason it cannot be used (404 unknown, 410 used or expired). */
export async function readPasswordReset(db: Database | Transaction, token: string): Promise<PasswordResetInfo> {
  const [row] = await db
    .select({
      email: users.email,
      usedAt: passwordResetTokens.usedAt,
      expiresAt: passwordResetTokens.expiresAt,
      allowed: sql<boolean>`${mayReset}`,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, hashResetToken(token)));
  // An account locked since the mail left is treated as no account: the link says nothing about it.
  if (!row?.allowed) throw notFound(PASSWORD_RESET_INVALID);
  if (row.usedAt) throw gone(PASSWORD_RESET_USED);
  if (row.expiresAt.getTime() <= Date.now()) throw gone(PASSWORD_RESET_EXPIRED);
  return { email: row.email, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Uses the link once, in one transaction: the new password, the link and every other pending link of the account
 * used, every session ended (whoever knew the old password is out), half-done sign-ins closed, a mail saying so.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<void> {
  // The reason first (a used link is not worth a slow hash), then the hash outside the transaction.
  await readPasswordReset(db, token);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashResetToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) {
      await readPasswordReset(tx, token); // throws the reason (another click won the race)
      throw gone(PASSWORD_RESET_USED);
    }
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, claimed.userId), mayReset))
      .returning({ id: users.id, email: users.email, firstname: users.firstname });
    if (!user) throw notFound(PASSWORD_RESET_INVALID);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await revokeUserSessions(tx, user.id);
    await tx
      .update(loginChallenges)
      .set({ usedAt: now })
      .where(and(eq(loginChallenges.userId, user.id), isNull(loginChallenges.usedAt)));
    await tx.insert(outbox).values({
      channel: 'mail',
      to: user.email,
      subject: PASSWORD_CHANGED_MAIL_SUBJECT,
      body: changedMail(user.firstname, now),
    });
  });
}
