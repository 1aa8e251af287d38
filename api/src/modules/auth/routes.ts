import {
  ACCOUNT_NOT_ACTIVATED,
  errorBodySchema,
  loginBodySchema,
  loginResponseSchema,
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
import { displayTokenOf, openSession } from './open-session';
import { verifyAgainstDummy, verifyPassword } from './password';
import { revokeSessionByToken, rotateSession, sessionLimits } from './sessions';
import { secondStep } from './two-factor/login-step';

export const INVALID_CREDENTIALS_MESSAGE = 'Identifiants invalides';

const errors = { 401: errorBodySchema, 429: errorBodySchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // The second step of a sign-in, « Mon compte » > « Double authentification », a garage's policy and the reset.

  app.post(
    '/api/login',
    {
      config: { rateLimit: loginRateLimit(app.config.loginRateLimitMax) },
      schema: {
        tags: ['auth'],
        summary:
          'Check the password, then open a session (the httpOnly cookie, the display token: step session) or, for an account with a second factor or whose garage requires one, answer the challenge of the second step (verify: a code; enrol: a secret to scan first), completed by POST /api/login/second-factor',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 400: errorBodySchema, 403: errorBodySchema, ...errors },
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
      // No session before the second factor: the cookie is set only once the code is right.
      const challenge = await secondStep(app.db, user.id);
      if (challenge) return challenge;
      return { step: 'session' as const, token: await openSession(app, reply, user.id) };
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
      return { token: await displayTokenOf(app, rotated.session) };
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
