import { insurerRemindBodySchema, insurerRemindResultSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-errors';
import { remindInsurers } from './insurer-reminders';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['payments'];

/** « Relancer par e-mail » in « Créances assureurs »: the insurers of invoices past due reminded now. */
export const insurerReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashiers = app.requirePermission('payments');

  app.post(
    '/api/paiement/receivables/remind',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary:
          'Reminds the insurer of each invoice past due now: an e-mail through the outbox with the invoice attached, from the garage’s reminder template (or the default text); each invoice not reminded with why (not past due, no address, already reminded today)',
        body: insurerRemindBodySchema,
        response: { 200: insurerRemindResultSchema, ...errors },
      },
    },
    async (request) => remindInsurers(app.db, request.auth.companyIds, request.body.invoiceIds, request.auth.userId),
  );
};
