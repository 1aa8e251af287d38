import {
  dashboardQuerySchema,
  franchiseParamsSchema,
  networkSchema,
  toUnitPacks,
  unitPacksBodySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertFranchiseAccess } from '../../lib/franchise-scope';
import { periodOf } from '../../lib/period';
import { errorResponses } from '../../lib/route-errors';
import { publishPacks, readNetwork } from './network';

const tags = ['franchise'];
const errors = errorResponses(400, 401, 403, 404);

/** The franchisor's network page: its centres' figures side by side, and the packs of units it publishes. */
export const franchiseNetworkRoutes: FastifyPluginAsyncZod = async (app) => {
  const franchisors = app.requirePermission('franchise');

  app.get(
    '/api/franchise/:franchiseId/network',
    {
      preHandler: franchisors,
      schema: {
        tags,
        summary:
          'Each company of the franchise over [from, to[ (folders, closed, revenue, units), and what is published',
        params: franchiseParamsSchema,
        querystring: dashboardQuerySchema,
        response: { 200: networkSchema, ...errors },
      },
    },
    async (request) => {
      const { franchiseId } = request.params;
      await assertFranchiseAccess(app.db, request.auth, franchiseId);
      return readNetwork(app.db, franchiseId, periodOf(request.query), app.config.unitPacks);
    },
  );

  app.put(
    '/api/franchise/:franchiseId/unit-packs',
    {
      preHandler: franchisors,
      schema: {
        tags,
        summary: 'Publishes the packs of units the centres buy (null: back to the default packs)',
        params: franchiseParamsSchema,
        body: unitPacksBodySchema,
        response: { 200: networkSchema.shape.published.shape.unitPacks, ...errors },
      },
    },
    async (request) => {
      const { franchiseId } = request.params;
      await assertFranchiseAccess(app.db, request.auth, franchiseId);
      const packs = request.body.packs ? toUnitPacks(request.body.packs) : null;
      await publishPacks(app.db, franchiseId, packs);
      return packs ?? app.config.unitPacks;
    },
  );
};
