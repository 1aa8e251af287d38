import { createdDocumentSchema, depositBodySchema, documentIdParamsSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-errors';
import { createDepositInvoice } from './deposits';
import { documentReachable } from './document-access';

/** « Demander un acompte » on a quote: a deposit invoice (facture d'acompte) the final invoice will take off. */
export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requirePermission('billingDocuments');
  /** 404 outside the caller's companies (existence never revealed), 403 when their roles there exclude its type. */
  const reachable = documentReachable(app.db);

  app.post(
    '/api/quotation/:id/deposit',
    {
      preHandler: readers,
      schema: {
        tags: ['billing'],
        summary:
          'A deposit invoice draft on an issued quote not yet invoiced: `amount` TTC shared over the quote’s VAT rates, at most what its deposits have not billed (400), payable on receipt; the final invoice takes it off',
        params: documentIdParamsSchema,
        body: depositBodySchema,
        response: { 201: createdDocumentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await reachable(request, request.params.id, 'invoice');
      const id = await createDepositInvoice(
        app.db,
        request.auth.companyIds,
        request.params.id,
        request.body.amount,
        request.auth.userId,
      );
      return reply.code(201).send({ id });
    },
  );
};
