import type { FastifyInstance, FastifyReply } from 'fastify';
import { setSessionCookie } from '../../plugins/app/auth';
import { type AuthContext, buildAuthContext } from './auth-context';
import { displayClaims, signDisplayToken } from './display-token';
import { createSession, loadMemberships, type SessionRow } from './sessions';

/** The display token of a caller: what the shell shows (its garages, roles, units), signed, never a credential. */
export async function displayTokenFor(app: FastifyInstance, auth: AuthContext): Promise<string> {
  return signDisplayToken(await displayClaims(app.db, auth), app.config.sessionSecret, auth.accessExpiresAt);
}

/** The display token of a session just opened or renewed. */
export async function displayTokenOf(app: FastifyInstance, session: SessionRow): Promise<string> {
  return displayTokenFor(app, buildAuthContext(session, await loadMemberships(app.db, session.userId)));
}

/**
 * Opens a session for an account whose sign-in is complete (a password alone, or a password and its second factor):
 * the httpOnly cookie on `reply`, the display token answered. It starts on the account's first garage.
 */
export async function openSession(app: FastifyInstance, reply: FastifyReply, userId: number): Promise<string> {
  const [first] = await loadMemberships(app.db, userId);
  const { token, session } = await createSession(app.db, userId, first?.companyId ?? 0);
  setSessionCookie(reply, token, app.config.cookieSecure);
  return displayTokenOf(app, session);
}
