import {
  activationBodySchema,
  activationInfoSchema,
  activationParamsSchema,
  centreBodySchema,
  centreCreatedSchema,
  centreErrorSchema,
  centreListResponseSchema,
  franchiseParamsSchema,
  pagingQuerySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertFranchiseAccess } from '../../lib/franchise-scope';
import { linkOrigin } from '../../lib/link-origin';
import { activateAccount, readActivation } from './activation';
import { createCentre, listCentres } from './centres';

const errors = {
  400: centreErrorSchema,
  401: centreErrorSchema,
  403: centreErrorSchema,
  404: centreErrorSchema,
  409: centreErrorSchema,
  410: centreErrorSchema,
};

/**
 * Centres of a franchise (the franchisor's list and the creation of a centre with its admin fitter), and the
 * public activation link that admin receives. Errors here also carry `detail` (the spec's field) beside `message`.
 */
export const franchiseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: only this module's answers get `detail`.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500 || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as { message?: unknown; detail?: unknown };
      if (typeof body.message !== 'string' || body.detail !== undefined) return payload;
      return JSON.stringify({ ...body, detail: body.message });
    } catch {
      return payload;
    }
  });

  const franchisors = app.requirePermission('franchise');

  app.get(
    '/api/company/:franchiseId/center-list',
    {
      preHandler: franchisors,
      schema: {
        tags: ['franchise'],
        summary: 'Centres of a franchise (its franchisor or a super admin only), server-paged, by name',
        params: franchiseParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: centreListResponseSchema, ...errors },
      },
    },
    async (request) => {
      await assertFranchiseAccess(app.db, request.auth, request.params.franchiseId);
      return listCentres(app.db, request.params.franchiseId, request.query);
    },
  );

  app.post(
    '/api/franchise/:franchiseId/center',
    {
      preHandler: franchisors,
      schema: {
        tags: ['franchise'],
        summary:
          'A new centre of the franchise with its admin fitter (not activated: an activation link is e-mailed; an address that already has an account is invited instead, with the same answer), in one transaction',
        params: franchiseParamsSchema,
        body: centreBodySchema,
        response: { 201: centreCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { franchiseId } = request.params;
      await assertFranchiseAccess(app.db, request.auth, franchiseId);
      const origin = linkOrigin(request);
      await createCentre(app.db, request.body, {
        franchiseId,
        invitedBy: request.auth.userId,
        activationLink: (token) => `${origin}/activate/${token}`,
        invitationLink: (token) => `${origin}/invitation/${token}`,
      });
      return reply.code(201).send({ status: 'success' as const });
    },
  );

  app.get(
    '/api/activation/:token',
    {
      schema: {
        tags: ['franchise'],
        summary: 'Public: the account an activation link is for (404 unknown, 410 used or expired)',
        params: activationParamsSchema,
        response: { 200: activationInfoSchema, ...errors },
      },
    },
    async (request) => readActivation(app.db, request.params.token),
  );

  app.post(
    '/api/activation/:token',
    {
      schema: {
        tags: ['franchise'],
        summary:
          'Public: activates the account of a link (once; an expired link is refused); a link that sets the password needs it, typed twice',
        params: activationParamsSchema,
        body: activationBodySchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await activateAccount(app.db, request.params.token, request.body);
      return reply.code(204).send();
    },
  );
};
