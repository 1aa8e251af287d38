import {
  createdDocumentSchema,
  createdDocumentsSchema,
  documentIdParamsSchema,
  invoiceFromQuoteBodySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { billDeductible } from './deductible-pairs';
import { documentReachable } from './document-access';
import { invoiceFromQuote } from './documents-repository';

const tags = ['billing'];
const errors = errorResponses(400, 401, 403, 404, 409);
const DEDUCTIBLE_INVALID = 'Montant de franchise invalide';

/** Invoices split by the insured's deductible: from a quote, or an insurer invoice drafted before its folder's deductible. */
export const deductibleRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requirePermission('billingDocuments');
  /** 404 outside the caller's companies (existence never revealed), 403 when their roles there exclude its type. */
  const reachable = documentReachable(app.db);

  app.post(
    '/api/quotation/:id/invoice',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Invoice drafts from a quote; a deductible (TTC) splits it between the customer and the insurer',
        params: documentIdParamsSchema,
        body: invoiceFromQuoteBodySchema,
        response: { 201: createdDocumentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { deductible } = request.body;
      if (deductible !== null && deductible < 0) throw invalid(DEDUCTIBLE_INVALID);
      await reachable(request, request.params.id, 'invoice');
      const ids = await invoiceFromQuote(
        app.db,
        request.auth.companyIds,
        request.params.id,
        deductible,
        request.auth.userId,
      );
      return reply.code(201).send({ ids });
    },
  );

  app.post(
    '/api/quotation/:id/deductible',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'Splits an insurer invoice draft by its folder’s deductible: the insured’s invoice is created for it and the draft takes it off (409 without a deductible or once split)',
        params: documentIdParamsSchema,
        response: { 201: createdDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await reachable(request, request.params.id, 'invoice');
      const id = await billDeductible(app.db, request.auth.companyIds, request.params.id, request.auth.userId);
      return reply.code(201).send({ id });
    },
  );
};
