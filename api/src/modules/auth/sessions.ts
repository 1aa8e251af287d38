import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { memberships, sessions, users } from '../../db/schema';
import type { MembershipInfo } from './auth-context';

export const ACCESS_LIFETIME_MS = 15 * 60 * 1000;
export const REFRESH_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;

/** The database keeps only a hash: a leaked table does not yield working cookies. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Database,
  userId: number,
  selectedCompanyId: number,
  rotatedFrom: string | null = null,
): Promise<{ token: string; session: SessionRow }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      selectedCompanyId,
      accessExpiresAt: new Date(now + ACCESS_LIFETIME_MS),
      refreshExpiresAt: new Date(now + REFRESH_LIFETIME_MS),
      rotatedFrom,
    })
    .returning();
  if (!session) throw new Error('session not created');
  return { token, session };
}

/** A session whose access window is open (not revoked, not expired) of a user who is still active. */
export async function findAccessSession(db: Database, token: string): Promise<SessionRow | undefined> {
  const [session] = await db
    .select(getTableColumns(sessions))
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.active, true)))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, new Date()),
      ),
    );
  return session;
}

/**
 * Refresh: revokes the presented session (atomically, so a replayed cookie
 * loses the race) and opens a new one on the same company.
 */
export async function rotateSession(
  db: Database,
  token: string,
): Promise<{ token: string; session: SessionRow } | undefined> {
  const [old] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, new Date()),
      ),
    )
    .returning();
  if (!old) return undefined;
  return createSession(db, old.userId, old.selectedCompanyId, old.id);
}

export async function revokeSessionByToken(db: Database, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

export async function selectCompany(db: Database, sessionId: string, companyId: number): Promise<void> {
  await db.update(sessions).set({ selectedCompanyId: companyId }).where(eq(sessions.id, sessionId));
}

/** The user's ACTIVE memberships: a garage that deactivated them is out of their scope at the next request. */
export async function loadMemberships(db: Database, userId: number): Promise<MembershipInfo[]> {
  return db
    .select({ companyId: memberships.companyId, roles: memberships.roles, isReferent: memberships.isReferent })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.active, true)))
    .orderBy(asc(memberships.companyId));
}

/** Every open session of a user ends now (the account has no active membership left, or was locked). */
export async function revokeUserSessions(db: Database | Transaction, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
