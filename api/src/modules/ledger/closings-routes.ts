import { closingListResponseSchema, pagingQuerySchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-errors';
import { listClosings } from './closings-repository';

const errors = errorResponses(400, 401, 403);

/** The closings of the garages whose books the caller answers for (the integrity permission). */
export const closingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/closings/list',
    {
      preHandler: app.requirePermission('integrity'),
      schema: {
        tags: ['integrity'],
        summary: 'Daily, monthly and yearly closings of the user’s garages with their totals (shared paging)',
        querystring: pagingQuerySchema,
        response: { 200: closingListResponseSchema, ...errors },
      },
    },
    async (request) => listClosings(app.db, request.auth.companyIds, request.query),
  );
};
