import {
  errorBodySchema,
  invitationAcceptBodySchema,
  invitationInfoSchema,
  invitationTokenParamsSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';
import { PASSWORD_RATE_LIMIT_MESSAGE, passwordRateLimit } from '../../plugins/external/rate-limit';
import { acceptInvitation, readInvitation } from './invitations';

const tags = ['users'];
const errors = errorResponses(400, 404, 409, 410);

/** The public page of an invitation link (no session: the link is the proof of the address). */
export const invitationLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invitation/:token',
    {
      schema: {
        tags,
        summary:
          'Public: the garage and roles an invitation link offers (404 unknown, 410 accepted, cancelled or expired)',
        params: invitationTokenParamsSchema,
        response: { 200: invitationInfoSchema, ...errors },
      },
    },
    async (request) => readInvitation(app.db, request.params.token),
  );

  app.post(
    '/api/invitation/:token',
    {
      // A password is tried here: as many attempts per minute as on the login.
      config: {
        rateLimit: passwordRateLimit(
          app.config.loginRateLimitMax,
          (request) => String((request.params as { token?: unknown }).token ?? ''),
          PASSWORD_RATE_LIMIT_MESSAGE,
        ),
      },
      schema: {
        tags,
        summary:
          'Public: accepts an invitation once (an existing account with its own password; a new one chooses it), then the garage appears at sign-in',
        params: invitationTokenParamsSchema,
        body: invitationAcceptBodySchema,
        response: { 204: z.undefined(), ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await acceptInvitation(app.db, request.params.token, request.body);
      return reply.code(204).send();
    },
  );
};
