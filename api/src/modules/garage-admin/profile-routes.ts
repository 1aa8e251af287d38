import { companyIdParamsSchema, companyProfileBodySchema, companyProfileSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findProfile, saveProfile } from './profile-repository';
import { companyToAdminister, errors } from './scope';

const tags = ['company'];

/** "Ma société": the garage's identity and what its invoices print, kept by its admins. */
export const companyProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('companyProfile');

  app.get(
    '/api/company/:companyId/profile',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Identity and invoice mentions of one of the caller’s garages (not TOUT)',
        params: companyIdParamsSchema,
        response: { 200: companyProfileSchema, ...errors },
      },
    },
    async (request) => findProfile(app.db, companyToAdminister(request, request.params.companyId, 'companyProfile')),
  );

  app.put(
    '/api/company/:companyId/profile',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'Saves them (SIRET checked with the Luhn rule, VAT number against its SIREN, IBAN checksum)',
        params: companyIdParamsSchema,
        body: companyProfileBodySchema,
        response: { 200: companyProfileSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = companyToAdminister(request, request.params.companyId, 'companyProfile');
      return saveProfile(app.db, companyId, request.body, request.auth.userId);
    },
  );
};
