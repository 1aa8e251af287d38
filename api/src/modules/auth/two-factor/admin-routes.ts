import {
  companyIdParamsSchema,
  GARAGE_ADMIN_PICK_GARAGE,
  idParamsSchema,
  mfaPolicyBodySchema,
  mfaPolicySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { companyToManage } from '../../../plugins/app/auth';
import { resetFactorOfMember } from './account-factor';
import { policyCompany, readPolicy, writePolicy } from './policy';

const errors = errorResponses(400, 401, 403, 404);
export const RESET_SELF_MESSAGE = 'Votre propre double authentification se désactive depuis « Mon compte »';

/** Which roles of a garage must sign in with a second factor, and a super admin's reset of a lost one. */
export const twoFactorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const policyHolders = app.requirePermission('mfaPolicy');

  app.get(
    '/api/company/:companyId/mfa-policy',
    {
      preHandler: policyHolders,
      schema: {
        tags: ['users'],
        summary:
          'The roles whose holders in this garage must sign in with a second factor; for its admin, or the franchisor of its network',
        params: companyIdParamsSchema,
        response: { 200: mfaPolicySchema, ...errors },
      },
    },
    async (request) => readPolicy(app.db, await policyCompany(app.db, request, request.params.companyId)),
  );

  app.put(
    '/api/company/:companyId/mfa-policy',
    {
      preHandler: policyHolders,
      schema: {
        tags: ['users'],
        summary:
          'Sets those roles (none: the password alone); their holders without a factor enrol one at their next sign-in',
        params: companyIdParamsSchema,
        body: mfaPolicyBodySchema,
        response: { 200: mfaPolicySchema, ...errors },
      },
    },
    async (request) =>
      writePolicy(app.db, await policyCompany(app.db, request, request.params.companyId), request.body.roles),
  );

  app.post(
    '/api/users/:id/two-factor/reset',
    {
      preHandler: app.requirePermission('mfaReset'),
      schema: {
        tags: ['users'],
        summary:
          'Super admin: removes the second factor of a user of the selected garage (a lost phone) with their recovery codes; written in the garage’s event log (mfa-reset). They sign in with their password, and enrol again where required',
        params: idParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const companyId = companyToManage(request, request.auth.selectedCompanyId, 'mfaReset', GARAGE_ADMIN_PICK_GARAGE);
      const { id } = request.params;
      if (id === request.auth.userId) throw invalid(RESET_SELF_MESSAGE);
      await resetFactorOfMember(app.db, companyId, id, request.auth.userId);
      return reply.code(204).send();
    },
  );
};
