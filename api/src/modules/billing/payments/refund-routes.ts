import { parisToday, paymentRecordedSchema, refundBodySchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-errors';
import { saveRefund } from './payments-repository';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Money given back to a customer on an invoice paid beyond what is due: a negative receipt, chained. */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashiers = app.requirePermission('payments');

  app.post(
    '/api/paiement/refund',
    {
      preHandler: cashiers,
      schema: {
        tags: ['payments'],
        summary:
          'Refunds the customer on an invoice paid beyond what is due (over-payment, credit note after payment): a negative payment, chained',
        body: refundBodySchema,
        response: { 201: paymentRecordedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const recorded = await saveRefund(app.db, {
        companyIds: request.auth.companyIds,
        invoiceId: body.invoiceId,
        amount: body.amount,
        method: body.type,
        paidOn: body.date ?? parisToday(),
        comment: body.comment,
        userId: request.auth.userId,
      });
      return reply.code(201).send(recorded);
    },
  );
};
