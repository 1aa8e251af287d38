import {
  companyIdParamsSchema,
  documentIdParamsSchema,
  documentPlatformSchema,
  receivedInvoiceSchema,
  receivedStatusBodySchema,
  syncResultSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unavailable } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope } from '../../plugins/app/auth';
import { syncIncoming } from './incoming-sync';
import { PlatformError } from './platform/platform-error';
import { receivedInvoiceView, setReceivedStatus } from './received-status';
import { documentPlatform } from './sent-view';

const tags = ['einvoicing'];
const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** A received invoice on its expense: what it said, the status the garage sets (sent back), « Relever maintenant ». */
export const receivedStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookkeepers = app.requirePermission('expenses');

  app.get(
    '/api/einvoicing/expense/:id',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary:
          'The received e-invoice an expense was booked from: lines, VAT per rate, status and the statuses sent back',
        params: documentIdParamsSchema,
        response: { 200: receivedInvoiceSchema, ...errors },
      },
    },
    async (request) => receivedInvoiceView(app.db, request.auth.companyIds, request.params.id),
  );

  app.post(
    '/api/einvoicing/expense/:id/status',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary:
          'Sets the received invoice’s status (Prise en charge, Approuvée, En litige, Refusée with its reason code); sent back to the supplier through the platform',
        params: documentIdParamsSchema,
        body: receivedStatusBodySchema,
        response: { 200: receivedInvoiceSchema, ...errors },
      },
    },
    async (request) => {
      await setReceivedStatus(app.db, request.auth, request.params.id, request.body);
      return receivedInvoiceView(app.db, request.auth.companyIds, request.params.id);
    },
  );

  app.get(
    '/api/einvoicing/document/:id',
    {
      preHandler: app.requirePermission('billingDocuments'),
      schema: {
        tags,
        summary:
          'An issued invoice or credit note on the approved platform: its deposit (sent, or waiting and why) and every lifecycle status that came back',
        params: documentIdParamsSchema,
        response: { 200: documentPlatformSchema, ...errors },
      },
    },
    async (request) => documentPlatform(app.db, request.auth.companyIds, request.params.id),
  );

  app.post(
    '/api/company/:companyId/einvoicing/sync',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary:
          '« Relever la plateforme »: asks the garage’s platform now for what it has not received yet (supplier invoices, statuses of the invoices it sent)',
        params: companyIdParamsSchema,
        response: { 200: syncResultSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      assertCompanyInScope(request, companyId);
      try {
        return { received: await syncIncoming(app.db, app.senders.key, companyId) };
      } catch (error) {
        if (error instanceof PlatformError) throw unavailable(error.message);
        throw error;
      }
    },
  );
};
