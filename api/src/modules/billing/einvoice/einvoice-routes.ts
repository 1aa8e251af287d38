import {
  BILLING_DOCUMENT_NOT_FOUND,
  documentIdParamsSchema,
  EINVOICE_ISSUED_ONLY,
  einvoiceQuerySchema,
  GATED_DOCUMENT_TYPES,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../../lib/content-disposition';
import { conflict, notFound } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { documentReachable } from '../documents/document-access';
import { findDocument } from '../documents/documents-queries';
import { eInvoiceFile } from './einvoice-service';

const tags = ['billing'];

/** An issued invoice or credit note as a structured e-invoice (EN 16931), the file a platform takes. */
export const eInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const reachable = documentReachable(app.db);

  app.get(
    '/api/quotation/:id/einvoice',
    {
      preHandler: app.requirePermission('billingDocuments'),
      schema: {
        tags,
        summary:
          'An issued invoice or credit note as an EN 16931 e-invoice (attachment): CII D22B (the Factur-X XML, as frozen at issue) or UBL 2.1',
        params: documentIdParamsSchema,
        querystring: einvoiceQuerySchema,
        produces: ['application/xml'],
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await reachable(request, request.params.id);
      const document = await findDocument(app.db, request.auth.companyIds, request.params.id);
      if (!document) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
      if (document.status === 'draft' || !GATED_DOCUMENT_TYPES.includes(document.type)) {
        throw conflict(EINVOICE_ISSUED_ONLY);
      }
      const file = await eInvoiceFile(app.db, document, request.query.syntax);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.xml);
    },
  );
};
