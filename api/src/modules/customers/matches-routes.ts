import {
  CUSTOMER_MATCH_NOT_FOUND,
  customerMatchesQuerySchema,
  customerMatchesSchema,
  customerTakeoverSchema,
  customerTakeParamsSchema,
  PICK_GARAGE_MESSAGE,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { selectedGarage } from '../../plugins/app/auth';
import { customerMatches, customerTakeover } from './matches-repository';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404);

/** « Déjà connu dans ce garage » on « Nouveau client »: the matches while typing, and « Reprendre » one of them. */
export const customerMatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const creators = app.requirePermission('folderCreate');

  app.get(
    '/api/customer/matches',
    {
      preHandler: creators,
      schema: {
        tags,
        summary:
          'The selected garage’s customers sharing the typed plate, phone, e-mail or last name, from its past folders and its imported customer file (names and vehicles, no contact details)',
        querystring: customerMatchesQuerySchema,
        response: { 200: customerMatchesSchema, ...errors },
      },
    },
    async (request) => ({
      matches: await customerMatches(app.db, selectedGarage(request, PICK_GARAGE_MESSAGE), request.query),
    }),
  );

  app.post(
    '/api/customer/matches/:source/:id',
    {
      preHandler: creators,
      schema: {
        tags,
        summary:
          '« Reprendre »: a known customer’s details and vehicle for a new folder (a past folder’s contact details logged in its history)',
        params: customerTakeParamsSchema,
        response: { 200: customerTakeoverSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = selectedGarage(request, PICK_GARAGE_MESSAGE);
      const taken = await customerTakeover(
        app.db,
        { companyId, userId: request.auth.userId },
        request.params.source,
        request.params.id,
      );
      if (!taken) throw notFound(CUSTOMER_MATCH_NOT_FOUND);
      return taken;
    },
  );
};
