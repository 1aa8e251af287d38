import { openingBalanceListSchema, openingBalancesQuerySchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-errors';
import { owedOpeningBalances } from './opening-balances-repository';

/** The former software's balances a payment can settle (the payment form's search beside the invoices). */
export const openingBalanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/paiement/opening-balances',
    {
      preHandler: app.requirePermission('payments'),
      schema: {
        tags: ['payments'],
        summary:
          'The opening balances still owed (unpaid invoices of the former software), by number or debtor, for the payment form',
        querystring: openingBalancesQuerySchema,
        response: { 200: openingBalanceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await owedOpeningBalances(app.db, request.auth.companyIds, request.query.search) }),
  );
};
