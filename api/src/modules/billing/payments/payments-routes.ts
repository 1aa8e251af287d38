import {
  createdDocumentSchema,
  PERIOD_EXPORT_FORMATS,
  pagingQuerySchema,
  parisToday,
  paymentBodySchema,
  paymentCancelBodySchema,
  paymentIdParamsSchema,
  paymentListResponseSchema,
  paymentRecordedSchema,
  periodExportQuerySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db';
import { errorResponses } from '../../../lib/route-errors';
import { SHEET_CONTENT_TYPES } from '../../../lib/spreadsheet';
import { queueCollected } from '../../einvoicing/collected';
import { paymentPeriodExport, sendExport } from '../exports/period-exports';
import { listPayments, saveCancellation, savePayment } from './payments-repository';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Payments received against invoices (`/paiement/list/paiement`): the list, its export, a payment, its cancellation. */
/** A payment recorded; collected on an e-invoice sent through the platform with VAT due on receipt, « Encaissée » follows. */
async function recordPayment(db: Database, payment: Parameters<typeof savePayment>[1]) {
  const recorded = await savePayment(db, payment);
  await queueCollected(db, payment.invoiceId, payment.amount);
  return recorded;
}

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashiers = app.requirePermission('payments');

  app.get(
    '/api/paiement/list',
    {
      preHandler: cashiers,
      schema: {
        tags: ['payments'],
        summary: 'Payments of the user’s companies (shared paging; columns name, amount, type, invoice, date, comment)',
        querystring: pagingQuerySchema,
        response: { 200: paymentListResponseSchema, ...errors },
      },
    },
    async (request) => listPayments(app.db, request.auth.companyIds, request.query),
  );

  app.get(
    '/api/paiement/list/export',
    {
      preHandler: cashiers,
      schema: {
        tags: ['payments'],
        summary:
          'Every payment of the list’s filter (search, method tab) dated within Du–Au, cancellations as their own negative rows, streamed as Excel or CSV (an attachment)',
        querystring: periodExportQuerySchema,
        produces: PERIOD_EXPORT_FORMATS.map((format) => SHEET_CONTENT_TYPES[format]),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { companyIds } = request.auth;
      return sendExport(reply, 'payment', request.query, paymentPeriodExport(app.db, companyIds, request.query), {
        db: app.db,
        companyIds,
        userId: request.auth.userId,
      });
    },
  );

  app.post(
    '/api/paiement',
    {
      preHandler: cashiers,
      schema: {
        tags: ['payments'],
        summary: 'Records a payment (card, cheque, transfer, cash) of an issued invoice, partial or full',
        body: paymentBodySchema,
        response: { 201: paymentRecordedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const recorded = await recordPayment(app.db, {
        // requirePermission narrowed the scope to the garages where the caller takes payments themselves.
        companyIds: request.auth.companyIds,
        invoiceId: body.invoiceId,
        amount: body.amount,
        method: body.type,
        paidOn: body.date ?? parisToday(),
        comment: body.comment,
        userId: request.auth.userId,
        nonResident: body.nonResident,
      });
      return reply.code(201).send(recorded);
    },
  );

  app.post(
    '/api/paiement/:id/cancel',
    {
      preHandler: cashiers,
      schema: {
        tags: ['payments'],
        summary:
          'Cancels a payment by a new negative record of the same amount (payments are never edited nor deleted); the invoice’s paid amount goes down',
        params: paymentIdParamsSchema,
        body: paymentCancelBodySchema,
        response: { 201: createdDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await saveCancellation(app.db, {
        companyIds: request.auth.companyIds,
        paymentId: request.params.id,
        reason: request.body.reason,
        userId: request.auth.userId,
      });
      return reply.code(201).send({ id });
    },
  );
};
