import {
  COMPANY_PROFILE_NOT_FOUND,
  type CompanyProfile,
  companyIdParamsSchema,
  companyProfileBodySchema,
  companyProfileSchema,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db';
import { companies } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { logEvent } from '../ledger/events';
import { companyToAdminister, errors } from './scope';

const tags = ['company'];

/** The fields of the garage's legal identity (what its invoices print about their seller). */
const LEGAL_IDENTITY = [
  'name',
  'siret',
  'tvaNumber',
  'address',
  'postalCode',
  'city',
  'legalForm',
  'shareCapital',
  'registryKind',
  'registryPlace',
  'vatExemption',
  'vatOnDebits',
  // Not the legal identity, but it moves the yearly closings and the FEC: logged the same way.
  'fiscalYearStartMonth',
] as const;

const profileColumns = {
  id: companies.id,
  name: companies.name,
  tradeName: companies.tradeName,
  siret: companies.siret,
  tvaNumber: companies.tvaNumber,
  phone: companies.phone,
  email: companies.email,
  address: companies.address,
  postalCode: companies.postalCode,
  city: companies.city,
  legalForm: companies.legalForm,
  shareCapital: companies.shareCapital,
  registryKind: companies.registryKind,
  registryPlace: companies.registryPlace,
  vatExemption: companies.vatExemption,
  iban: companies.iban,
  vatOnDebits: companies.vatOnDebits,
  latePenaltyRate: companies.latePenaltyRate,
  fiscalYearStartMonth: companies.fiscalYearStartMonth,
};

async function findProfile(db: Database, companyId: number): Promise<CompanyProfile> {
  const [row] = await db.select(profileColumns).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound(COMPANY_PROFILE_NOT_FOUND);
  return { ...row, registryKind: row.registryKind as CompanyProfile['registryKind'] };
}

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
      const before = await findProfile(app.db, companyId);
      await app.db.transaction(async (tx) => {
        await tx.update(companies).set(request.body).where(eq(companies.id, companyId));
        // What the invoices print about the seller: a change of it is an event of the garage's technical log.
        const changed = LEGAL_IDENTITY.filter(
          (field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(request.body[field] ?? null),
        );
        if (changed.length > 0) {
          await logEvent(
            tx,
            companyId,
            'identity-change',
            Object.fromEntries(changed.map((field) => [field, { before: before[field], after: request.body[field] }])),
            request.auth.userId,
          );
        }
      });
      return findProfile(app.db, companyId);
    },
  );
};
