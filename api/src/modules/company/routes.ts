import {
  ALL_COMPANIES_ID,
  companyIdParamsSchema,
  companyInfosResponseSchema,
  companySearchQuerySchema,
  companySearchResponseSchema,
  companyTaxBodySchema,
  companyTaxSchema,
  companyUsersResponseSchema,
  idParamsSchema,
  sessionResponseSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope, COMPANY_FORBIDDEN_MESSAGE } from '../../plugins/app/auth';
import { buildAuthContext } from '../auth/auth-context';
import { displayTokenFor } from '../auth/open-session';
import { selectCompany } from '../auth/sessions';
import { findCompanies, findCompanyUsers, findFranchiseLogo, saveDefaultTaxRate, searchCompanies } from './repository';

const errors = errorResponses(400, 401, 403);

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const myCompanyIds = (ids: { companyId: number }[]) => ids.map((m) => m.companyId);

  app.get(
    '/api/company/infos',
    {
      preHandler: app.requirePermission('authenticated'),
      schema: {
        tags: ['company'],
        summary: 'The selected company (null for TOUT) and all of the user’s companies',
        response: { 200: companyInfosResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { auth } = request;
      const all = await findCompanies(app.db, myCompanyIds(auth.memberships));
      const company = all.find((c) => c.id === auth.selectedCompanyId) ?? null;
      return {
        company,
        companies: all,
        franchiseLogoUrl: await findFranchiseLogo(app.db, company?.franchiseId ?? null),
      };
    },
  );

  app.put(
    '/api/company/:companyId/default-tax-rate',
    {
      preHandler: app.requirePermission('companySettings'),
      schema: {
        tags: ['company'],
        summary: 'The VAT rate new document lines and products of the garage start with',
        params: companyIdParamsSchema,
        body: companyTaxBodySchema,
        response: { 200: companyTaxSchema, ...errors },
      },
    },
    async (request) => {
      // TOUT (0) is nobody's company: the scope check refuses it like any company not theirs.
      assertCompanyInScope(request, request.params.companyId);
      const { defaultTaxRate } = request.body;
      await saveDefaultTaxRate(app.db, request.params.companyId, defaultTaxRate);
      return { defaultTaxRate };
    },
  );

  app.get(
    '/api/company/search',
    {
      preHandler: app.requirePermission('authenticated'),
      schema: {
        tags: ['company'],
        summary: 'Search the user’s own companies by name or trade name',
        querystring: companySearchQuerySchema,
        response: { 200: companySearchResponseSchema, ...errors },
      },
    },
    async (request) =>
      searchCompanies(app.db, myCompanyIds(request.auth.memberships), request.query.q, request.query.limit),
  );

  app.get(
    '/api/company/:id/users',
    {
      preHandler: app.requirePermission('authenticated'),
      schema: {
        tags: ['company'],
        summary: 'Users of one of the caller’s companies, keyed by id',
        params: idParamsSchema,
        response: { 200: companyUsersResponseSchema, ...errors },
      },
    },
    async (request) => {
      assertCompanyInScope(request, request.params.id);
      const list = await findCompanyUsers(app.db, request.params.id);
      return Object.fromEntries(list.map((user) => [String(user.id), user]));
    },
  );

  app.post(
    '/company/select/:companyId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['company'],
        summary: 'Switch the session to one company, or to TOUT (0) for multi-company users',
        params: companyIdParamsSchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const { auth } = request;
      if (companyId === ALL_COMPANIES_ID) {
        if (auth.memberships.length < 2) throw forbidden(COMPANY_FORBIDDEN_MESSAGE);
      } else {
        assertCompanyInScope(request, companyId);
      }
      await selectCompany(app.db, auth.sessionId, companyId);
      // The same session on another garage: its display token, to the end of the same access window.
      const session = { ...auth, id: auth.sessionId, selectedCompanyId: companyId };
      return { token: await displayTokenFor(app, buildAuthContext(session, auth.memberships)) };
    },
  );
};
