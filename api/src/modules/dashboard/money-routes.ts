import { dashboardMoneySchema, dashboardQuerySchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-errors';
import { money } from './repository';
import { scopeOf } from './routes';

/** « Chiffre d'affaires » of the dashboard: for who sees invoices, not every reader of the dashboard. */
export const dashboardMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/money',
    {
      // Money is for who sees invoices: under TOUT, only the garages where the caller does.
      preHandler: app.requirePermission('invoices'),
      schema: {
        tags: ['dashboard'],
        summary:
          'Per garage and in sum: turnover before tax and jobs invoiced over the period (the network page’s figures), average job value, what customers and insurers owe today',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardMoneySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => money(app.db, scopeOf(request, request.query)),
  );
};
