import {
  insurerApplyBodySchema,
  insurerInvoicesQuerySchema,
  insurerInvoicesSchema,
  insurerReceivablesSchema,
  insurerTransferBodySchema,
  insurerTransferSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-errors';
import { applyOnAccount } from './insurer-on-account';
import { insurerInvoices, insurerReceivables, recordInsurerTransfer } from './insurer-receivables-repository';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['payments'];

/** « Créances assureurs » (`/paiement/insurers`): what each insurer owes, by age, and its unpaid invoices. */
export const insurerReceivablesRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashiers = app.requirePermission('payments');

  app.get(
    '/api/paiement/receivables/insurers',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary:
          'What each insurer owes on the issued insurer invoices of the user’s garages (total less credit notes and payments), by age since issue (0–30, 31–60, 61–90, over 90 days), the most owed first',
        response: { 200: insurerReceivablesSchema, ...errors },
      },
    },
    async (request) => insurerReceivables(app.db, request.auth.companyIds),
  );

  app.get(
    '/api/paiement/receivables/insurers/invoices',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary:
          'One insurer’s unpaid invoices (by the name and SIREN the invoices give it), oldest first, 500 at most',
        querystring: insurerInvoicesQuerySchema,
        response: { 200: insurerInvoicesSchema, ...errors },
      },
    },
    async (request) => insurerInvoices(app.db, request.auth.companyIds, request.query),
  );

  app.post(
    '/api/paiement/receivables/transfer',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary:
          'One insurer transfer or cheque matched to several invoices: settles them oldest first, each to the cent, the last one partly; one payment per invoice with the reference; an amount above what they owe is refused unless `leaveOnAccount` keeps the rest on the insurer’s account',
        body: insurerTransferBodySchema,
        response: { 201: insurerTransferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recordInsurerTransfer(app.db, request.auth.companyIds, request.body, request.auth.userId)),
  );

  app.post(
    '/api/paiement/receivables/apply',
    {
      preHandler: cashiers,
      schema: {
        tags,
        summary:
          'The money each invoice’s insurer left on account in its garage applied to these invoices, oldest first, as far as it goes; two records per move (no money changes hands); 409 when there is none',
        body: insurerApplyBodySchema,
        response: { 201: insurerTransferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await applyOnAccount(app.db, request.auth.companyIds, request.body.invoiceIds, request.auth.userId)),
  );
};
