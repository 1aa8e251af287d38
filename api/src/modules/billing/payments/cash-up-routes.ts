import {
  CASH_UP_PICK_GARAGE,
  cashUpBodySchema,
  cashUpDaySchema,
  cashUpIdParamsSchema,
  cashUpQuerySchema,
  cashUpSchema,
  parisToday,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../../lib/content-disposition';
import { errorResponses } from '../../../lib/route-errors';
import { selectedGarage } from '../../../plugins/app/auth';
import { sellerOf } from '../documents/documents-queries';
import { cashUpPdf } from '../pdf/cash-up-pdf';
import { cashUpDay, closeCashUp, findCashUp } from './cash-up-repository';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['payments'];

/** « Clôture de caisse » (`/paiement/cash-up`): a day's receipts at the desk, the till's count and its print. */
export const cashUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashiers = app.requirePermission('payments');

  app.get(
    '/api/paiement/cash-up',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary:
          'The selected garage’s day (today by default): receipts recorded that day by means of payment (refunds and cancellations netted), the cash taken, and the till’s closing when there is one',
        querystring: cashUpQuerySchema,
        response: { 200: cashUpDaySchema, ...errors },
      },
    },
    async (request) =>
      cashUpDay(app.db, selectedGarage(request, CASH_UP_PICK_GARAGE), request.query.day ?? parisToday()),
  );

  app.post(
    '/api/paiement/cash-up',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary:
          'Closes the selected garage’s till for a day (not one to come): float and counted cash, the difference explained when there is one; once per day (409), kept unchanged',
        body: cashUpBodySchema,
        response: { 201: cashUpSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, CASH_UP_PICK_GARAGE);
      return reply.code(201).send(await closeCashUp(app.db, companyId, request.body, request.auth.userId));
    },
  );

  app.get(
    '/api/paiement/cash-up/:id/pdf',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary: 'A closed till as a PDF to sign and file (attachment)',
        params: cashUpIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const cashUp = await findCashUp(app.db, request.auth.companyIds, request.params.id);
      const pdf = await cashUpPdf(cashUp, await sellerOf(app.db, cashUp.companyId));
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(`cloture-de-caisse-${cashUp.day}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
