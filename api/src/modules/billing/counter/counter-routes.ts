import {
  COUNTER_PICK_GARAGE,
  counterSaleBodySchema,
  counterSaleSchema,
  counterVehicleQuerySchema,
  counterVehicleSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-errors';
import { selectedGarage } from '../../../plugins/app/auth';
import { queueDeposit } from '../../einvoicing/sent-invoices';
import { findDocument } from '../documents/documents-queries';
import { originalPdf } from '../documents/originals';
import { counterSale, knownVehicle } from './counter-repository';

const tags = ['billing'];

/** « Vente au comptoir »: a walk-in customer's folder, invoice and payment in one call, and the vehicles already known. */
export const counterRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashiers = app.requirePermission('counterSale');

  app.post(
    '/api/paiement/counter',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary:
          'Opens a folder in the selected garage, issues its invoice (payable on receipt) and records its payment in full, in one transaction: a refusal (cash ceiling, a missing mention) leaves nothing',
        body: counterSaleBodySchema,
        response: { 201: counterSaleSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, COUNTER_PICK_GARAGE);
      const sale = await counterSale(app.db, { userId: request.auth.userId, companyId }, request.body);
      const issued = await findDocument(app.db, [companyId], sale.invoiceId);
      if (issued) await originalPdf(app.db, issued); // the original, frozen as issued
      if (issued) await queueDeposit(app.db, issued.id);
      return reply.code(201).send(sale);
    },
  );

  app.get(
    '/api/paiement/counter/vehicle',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary: 'The latest folder of a plate in the caller’s garages: vehicle and customer’s name, or null',
        querystring: counterVehicleQuerySchema,
        response: { 200: counterVehicleSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => knownVehicle(app.db, request.auth.companyIds, request.query.plate),
  );
};
