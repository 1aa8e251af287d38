import {
  errorBodySchema,
  newPasswordBodySchema,
  PASSWORD_RESET_RATE_LIMIT,
  PASSWORD_RESET_REQUESTED,
  passwordResetInfoSchema,
  passwordResetParamsSchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tooMany } from '../../lib/domain-error';
import { linkOrigin } from '../../lib/link-origin';
import { errorResponses } from '../../lib/route-errors';
import {
  PASSWORD_RATE_LIMIT_MESSAGE,
  PASSWORD_RESET_PER_EMAIL,
  PASSWORD_RESET_WINDOW,
  passwordRateLimit,
  passwordResetAddressLimit,
} from '../../plugins/external/rate-limit';
import { readPasswordReset, resetPassword, sendPasswordResetLink } from './password-reset';

const errors = errorResponses(400, 404, 410, 429);

/** « Mot de passe oublié ? »: public routes, the e-mailed token is the credential (docs/decisions.md). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per e-mail address, after validation (the address trimmed and lower-cased, as the account stores it).
  const perEmail = app.createRateLimit({
    max: PASSWORD_RESET_PER_EMAIL,
    timeWindow: PASSWORD_RESET_WINDOW,
    keyGenerator: (request) => `reset|${(request.body as { email: string }).email}`,
  });

  app.post(
    '/api/password-reset',
    {
      config: { rateLimit: passwordResetAddressLimit() },
      preHandler: async (request) => {
        const limit = await perEmail(request);
        if (!limit.isAllowed && limit.isExceeded) throw tooMany(PASSWORD_RESET_RATE_LIMIT);
      },
      schema: {
        tags: ['auth'],
        summary:
          'Public: e-mails a password reset link (30 minutes, one use) when the address is an active account; the same answer, at once, for any address',
        body: passwordResetRequestBodySchema,
        response: { 202: passwordResetRequestedSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const origin = linkOrigin(request);
      const { email } = request.body;
      // The account is looked up once the answer has left: a real address is answered neither differently nor later.
      app.afterAnswer(reply, () =>
        sendPasswordResetLink(app.db, email, (token) => `${origin}/reset-password/${token}`),
      );
      return reply.code(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  app.get(
    '/api/password-reset/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Public: the account a reset link is for (404 unknown, 410 used or expired)',
        params: passwordResetParamsSchema,
        response: { 200: passwordResetInfoSchema, ...errors },
      },
    },
    async (request) => readPasswordReset(app.db, request.params.token),
  );

  app.post(
    '/api/password-reset/:token',
    {
      // Each attempt hashes a password (slow on purpose): a client address gets the login's allowance.
      config: {
        rateLimit: passwordRateLimit(app.config.loginRateLimitMax, () => 'reset', PASSWORD_RATE_LIMIT_MESSAGE),
      },
      schema: {
        tags: ['auth'],
        summary:
          'Public: sets the new password (typed twice) once; the link and every other pending link of the account are used, every session of the account ends',
        params: passwordResetParamsSchema,
        body: newPasswordBodySchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await resetPassword(app.db, request.params.token, request.body.password);
      return reply.code(204).send();
    },
  );
};
