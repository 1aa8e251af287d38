import {
  errorBodySchema,
  loginBodySchema,
  loginResponseSchema,
  SESSION_COOKIE,
  sessionResponseSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { clearSessionCookie, SESSION_EXPIRED_MESSAGE, setSessionCookie } from '../../plugins/app/auth';
import { loginRateLimit } from '../../plugins/external/rate-limit';
import { displayTokenOf, openSession } from './open-session';
import { revokeSessionByToken, rotateSession, sessionLimits } from './sessions';
import { accountSigningIn } from './sign-in';
import { secondStep } from './two-factor/login-step';

const errors = errorResponses(401, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const userId = await accountSigningIn(app.db, request.body.email, request.body.password);
      // No session before the second factor: the cookie is set only once the code is right.
      const challenge = await secondStep(app.db, userId);
      if (challenge) return challenge;
      return { step: 'session' as const, token: await openSession(app, reply, userId) };
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
