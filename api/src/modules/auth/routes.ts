import {
  ACCOUNT_NOT_ACTIVATED,
  errorBodySchema,
  loginBodySchema,
  SESSION_COOKIE,
  sessionResponseSchema,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { forbidden, unauthenticated } from '../../lib/domain-error';
import { clearSessionCookie, SESSION_EXPIRED_MESSAGE, setSessionCookie } from '../../plugins/app/auth';
import { loginRateLimit } from '../../plugins/external/rate-limit';
import { assertAccountNotDisabled } from './account-status';
import { buildAuthContext } from './auth-context';
import { displayClaims, signDisplayToken } from './display-token';
import { verifyAgainstDummy, verifyPassword } from './password';
import {
  createSession,
  loadMemberships,
  revokeSessionByToken,
  rotateSession,
  type SessionRow,
  sessionLimits,
} from './sessions';

export const INVALID_CREDENTIALS_MESSAGE = 'Identifiants invalides';

const errors = { 401: errorBodySchema, 429: errorBodySchema };

export const authModule: FastifyPluginAsyncZod = async (app) => {
  const displayToken = async (session: SessionRow): Promise<string> => {
    const auth = buildAuthContext(session, await loadMemberships(app.db, session.userId));
    return signDisplayToken(await displayClaims(app.db, auth), app.config.sessionSecret);
  };

  app.post(
    '/api/login',
    {
      config: { rateLimit: loginRateLimit(app.config.loginRateLimitMax) },
      schema: {
        tags: ['auth'],
        summary: 'Open a session: sets the httpOnly session cookie, answers the display token',
        body: loginBodySchema,
        response: { 200: sessionResponseSchema, 400: errorBodySchema, 403: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const [user] = await app.db
        .select({ id: users.id, passwordHash: users.passwordHash, activatedAt: users.activatedAt })
        .from(users)
        .where(eq(users.email, email));
      const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (!user || !valid) throw unauthenticated(INVALID_CREDENTIALS_MESSAGE);
      await assertAccountNotDisabled(app.db, user.id);
      // A centre's admin signs in only once the e-mailed link is used (issue 11).
      if (!user.activatedAt) throw forbidden(ACCOUNT_NOT_ACTIVATED);
      const [first] = await loadMemberships(app.db, user.id);
      const { token, session } = await createSession(app.db, user.id, first?.companyId ?? 0);
      setSessionCookie(reply, token, app.config.cookieSecure);
      return { token: await displayToken(session) };
    },
  );

  app.post(
    '/api/token/refresh',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Rotate the session (within its 30-day refresh window, its idle and absolute timeouts) and answer a fresh display token',
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[SESSION_COOKIE];
      const rotated = presented ? await rotateSession(app.db, presented, sessionLimits(app.config)) : undefined;
      if (!rotated) {
        clearSessionCookie(reply, app.config.cookieSecure);
        throw unauthenticated(SESSION_EXPIRED_MESSAGE);
      }
      setSessionCookie(reply, rotated.token, app.config.cookieSecure);
      return { token: await displayToken(rotated.session) };
    },
  );

  app.post(
    '/api/logout',
    {
      schema: { tags: ['auth'], summary: 'End the session server-side', response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      const presented = request.cookies[SESSION_COOKIE];
      if (presented) await revokeSessionByToken(app.db, presented);
      clearSessionCookie(reply, app.config.cookieSecure);
      return reply.code(204).send();
    },
  );
};
