import { integrityReportSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope } from '../../plugins/app/auth';
import { logEvent } from './events';
import { verifyChain } from './integrity';

const tags = ['integrity'];
const errors = errorResponses(400, 401, 403);

/** The integrity check of a garage's inalterable chain, for who answers for its books. */
export const integrityRoutes: FastifyPluginAsyncZod = async (app) => {
  const keepers = app.requirePermission('integrity');

  app.get(
    '/api/integrity/:companyId',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary: 'Recomputes the chain of one of the user’s garages: its head, and each broken record in order',
        params: z.object({
          companyId: z.coerce.number({ message: 'Identifiant de garage invalide' }).int().min(1),
        }),
        response: { 200: integrityReportSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      // requirePermission narrowed the scope to the garages where the caller holds it: the garage asked must be one.
      assertCompanyInScope(request, companyId);
      const report = await verifyChain(app.db, companyId, app.ledgerAnchors);
      // A failed check is itself an event of the garage's log (what was found, by whom).
      if (!report.valid) {
        await logEvent(
          app.db,
          companyId,
          'integrity-failure',
          { problems: report.problems.length, first: report.problems[0] ?? null },
          request.auth.userId,
        );
      }
      return report;
    },
  );
};
