import {
  companyIdParamsSchema,
  EREPORT_NO_PLATFORM,
  EREPORT_NOT_CORRECTABLE,
  ereportCorrectionSchema,
  ereportListResponseSchema,
  ereportOverviewSchema,
  ereportParamsSchema,
  ereportRunResultSchema,
  pagingQuerySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/content-disposition';
import { conflict, unavailable } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope } from '../../plugins/app/auth';
import { connectedGarages } from '../einvoicing/incoming-sync';
import { PlatformError } from '../einvoicing/platform/platform-error';
import { sendPendingFlows } from '../einvoicing/platform-dispatcher';
import { checkAcknowledgements } from './acknowledgements';
import { correctTransmission, queueGarageReports } from './transmissions';
import { ereportOverview, listTransmissions, transmissionFile } from './views';

const tags = ['ereporting'];
const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** The « E-reporting » page's reads: where the garage stands, its transmissions and their files. */
export const ereportingRoutes: FastifyPluginAsyncZod = async (app) => {
  const accountants = app.requirePermission('accounting');

  app.get(
    '/api/company/:companyId/ereporting',
    {
      preHandler: accountants,
      schema: {
        tags,
        summary:
          'The garage’s e-reporting at a glance: connected to a platform, its VAT regime and the rhythm it sets, transmissions to correct',
        params: companyIdParamsSchema,
        response: { 200: ereportOverviewSchema, ...errors },
      },
    },
    async (request) => {
      assertCompanyInScope(request, request.params.companyId);
      return ereportOverview(app.db, request.params.companyId);
    },
  );

  app.get(
    '/api/company/:companyId/ereporting/list',
    {
      preHandler: accountants,
      schema: {
        tags,
        summary:
          'The garage’s e-reporting transmissions (sales to private customers, payments for services), newest period first (shared paging, tabs by report)',
        params: companyIdParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: ereportListResponseSchema, ...errors },
      },
    },
    async (request) => {
      assertCompanyInScope(request, request.params.companyId);
      return listTransmissions(app.db, request.params.companyId, request.query);
    },
  );

  app.get(
    '/api/company/:companyId/ereporting/:id/file',
    {
      preHandler: accountants,
      schema: {
        tags,
        summary: 'A transmission’s file (FRR XML) as deposited on the platform, as an attachment',
        params: ereportParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      assertCompanyInScope(request, request.params.companyId);
      const file = await transmissionFile(app.db, request.params.companyId, request.params.id);
      return reply
        .type('application/xml')
        .header('content-disposition', attachment(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
};

/** The page's actions: « Transmettre maintenant » and the correction of a rejected transmission. */
export const ereportingActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const accountants = app.requirePermission('accounting');

  app.post(
    '/api/company/:companyId/ereporting/run',
    {
      preHandler: accountants,
      schema: {
        tags,
        summary:
          '« Transmettre maintenant »: builds the reports of every period over and not sent yet, deposits them and asks the platform where the deposited ones stand',
        params: companyIdParamsSchema,
        response: { 200: ereportRunResultSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      assertCompanyInScope(request, companyId);
      if (!(await connectedGarages(app.db)).includes(companyId)) throw conflict(EREPORT_NO_PLATFORM);
      try {
        const queued = await queueGarageReports(app.db, companyId);
        await sendPendingFlows(app.db, app.senders.key);
        return { queued, acknowledged: await checkAcknowledgements(app.db, app.senders.key, companyId) };
      } catch (error) {
        if (error instanceof PlatformError) throw unavailable(error.message);
        throw error;
      }
    },
  );

  app.post(
    '/api/company/:companyId/ereporting/:id/correction',
    {
      preHandler: accountants,
      schema: {
        tags,
        summary:
          'Corrects a rejected or blocked transmission: the period built again from the documents as they are now, sent as a rectifying report',
        params: ereportParamsSchema,
        response: { 200: ereportCorrectionSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId, id } = request.params;
      assertCompanyInScope(request, companyId);
      const created = await correctTransmission(app.db, companyId, id, request.auth.userId);
      if (created === null) throw conflict(EREPORT_NOT_CORRECTABLE);
      return { id: created };
    },
  );
};
