import { consumptionListResponseSchema, pagingQuerySchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-errors';
import { listConsumption } from './units-repository';

/** « Ma consommation »: the units ledger of the user's companies, read by GET (query) or POST (body) alike. */
export const consumptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const consumers = app.requirePermission('consumption');
  const consumptionSchema = {
    tags: ['units'],
    summary: 'The units ledger of the user’s companies (tabs on column 3: gestion, sidexa, recouvrement)',
    response: { 200: consumptionListResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
  };
  app.get(
    '/api/company/consumption/list',
    { preHandler: consumers, schema: { ...consumptionSchema, querystring: pagingQuerySchema } },
    async (request) => listConsumption(app.db, request.auth.companyIds, request.query),
  );
  app.post(
    '/api/company/consumption/list',
    { preHandler: consumers, schema: { ...consumptionSchema, body: pagingQuerySchema } },
    async (request) => listConsumption(app.db, request.auth.companyIds, request.body),
  );
};
