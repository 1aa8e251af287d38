import { companyIdParamsSchema, setupChecklistSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope } from '../../plugins/app/auth';
import { setupChecklist } from './setup-checklist';

const errors = errorResponses(400, 401, 403);

/** « Mise en route » of a garage: what it needs before its first invoice. */
export const companySetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/company/:companyId/setup',
    {
      preHandler: app.requirePermission('companySettings'),
      schema: {
        tags: ['company'],
        summary:
          '« Mise en route »: what the garage needs before its first invoice (legal identity, bank, VAT, rates, logo, insurers, team, templates, mail and SMS sending), each item done or not with what it says',
        params: companyIdParamsSchema,
        response: { 200: setupChecklistSchema, ...errors },
      },
    },
    async (request) => {
      assertCompanyInScope(request, request.params.companyId);
      const { companyId } = request.params;
      return setupChecklist(app.db, companyId, {
        mail: await app.senders.sourceFor(companyId, 'mail'),
        sms: await app.senders.sourceFor(companyId, 'sms'),
      });
    },
  );
};
