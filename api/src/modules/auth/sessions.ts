import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, gt, inArray, isNull, lt } from 'drizzle-orm';
import { DEFAULT_SESSION_ABSOLUTE_HOURS, DEFAULT_SESSION_IDLE_MINUTES } from '../../config';
import type { Database, Transaction } from '../../db';
import { memberships, sessions, users } from '../../db/schema';
import type { MembershipInfo } from './auth-context';

export const ACCESS_LIFETIME_MS = 15 * 60 * 1000;
export const REFRESH_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often: one write a minute per session, not one per request. */
export const LAST_SEEN_PRECISION_MS = 60 * 1000;

/**
 * How long a chain of sessions lives beyond the cookie's own windows (docs/decisions.md): `idleMs` without a request
 * and it can no longer be used nor refreshed; `absoluteMs` after the password was typed and it ends whatever happens.
 */
export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** The limits of `SESSION_IDLE_MINUTES` and `SESSION_ABSOLUTE_HOURS` (config), or the defaults. */
export const sessionLimits = (config: {
  sessionIdleMinutes?: number;
  sessionAbsoluteHours?: number;
}): SessionLimits => ({
  idleMs: (config.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES) * 60 * 1000,
  absoluteMs: (config.sessionAbsoluteHours ?? DEFAULT_SESSION_ABSOLUTE_HOURS) * 60 * 60 * 1000,
});

/** The conditions every use of a session adds: seen recently enough, signed in recently enough. */
const withinLimits = (limits: SessionLimits, now: Date) =>
  and(
    gt(sessions.lastSeenAt, new Date(now.getTime() - limits.idleMs)),
    gt(sessions.authenticatedAt, new Date(now.getTime() - limits.absoluteMs)),
  );

export type SessionRow = typeof sessions.$inferSelect;

/** The database keeps only a hash: a leaked table does not yield working cookies. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Database,
  userId: number,
  selectedCompanyId: number,
  rotatedFrom: string | null = null,
  /** When the password was typed: now for a login, the rotated session's for a refresh. */
  authenticatedAt: Date = new Date(),
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
      authenticatedAt,
      lastSeenAt: new Date(now),
    })
    .returning();
  if (!session) throw new Error('session not created');
  return { token, session };
}

/**
 * A session whose access window is open (not revoked, not expired, neither idle nor older than the absolute limit)
 * of a user who is still active.
 */
export async function findAccessSession(
  db: Database,
  token: string,
  limits: SessionLimits,
): Promise<SessionRow | undefined> {
  const now = new Date();
  const [session] = await db
    .select(getTableColumns(sessions))
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.active, true)))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, now),
        withinLimits(limits, now),
      ),
    );
  return session;
}

/** Records that the session was used, at most once a minute (the condition keeps two tabs from both writing). */
export async function touchSession(db: Database, session: SessionRow): Promise<void> {
  const now = Date.now();
  if (now - session.lastSeenAt.getTime() < LAST_SEEN_PRECISION_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(and(eq(sessions.id, session.id), lt(sessions.lastSeenAt, new Date(now - LAST_SEEN_PRECISION_MS))));
}

/**
 * Refresh: revokes the presented session (atomically, so a replayed cookie
 * loses the race) and opens a new one on the same company, signed in at the same time as the first of the chain.
 * An idle session, or one whose chain began more than the absolute limit ago, is not refreshed: log in again.
 */
export async function rotateSession(
  db: Database,
  token: string,
  limits: SessionLimits,
): Promise<{ token: string; session: SessionRow } | undefined> {
  const now = new Date();
  const [old] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, now),
        withinLimits(limits, now),
        // A deactivated account is not given a new session either.
        inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.active, true))),
      ),
    )
    .returning();
  if (!old) return undefined;
  return createSession(db, old.userId, old.selectedCompanyId, old.id, old.authenticatedAt);
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
