import {
  pagingQuerySchema,
  TECHNICIAN_NOT_FOUND,
  technicianBodySchema,
  technicianFormResponseSchema,
  technicianListResponseSchema,
  technicianSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/domain-error';
import { errors, selectedCompanyToAdminister } from './scope';
import {
  findTechnician,
  fitterAccounts,
  listTechnicians,
  saveTechnician,
  technicianCompany,
} from './technicians-repository';

const tags = ['technicians'];
const idParams = z.object({ id: z.coerce.number({ message: 'Identifiant de poseur invalide' }).int().min(0) });

/** "Poseurs": the fitters of the selected garage (the calendar's columns), never another garage's. */
export const techniciansRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = app.requirePermission('technicians');

  app.get(
    '/api/technician/list',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Fitters of the selected garage (all of the caller’s for TOUT), server-paged',
        querystring: pagingQuerySchema,
        response: { 200: technicianListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.auth.companyIds;
      if (scope.length === 0) return { data: [], totalRecords: 0 };
      return listTechnicians(app.db, scope, request.query);
    },
  );

  app.get(
    '/api/technician/new/:id',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'The fitter form: the fitter (null for 0) and the garage’s accounts holding ROLE_POSEUR',
        params: idParams,
        response: { 200: technicianFormResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === 0) {
        const companyId = selectedCompanyToAdminister(request, 'technicians');
        return { technician: null, accounts: await fitterAccounts(app.db, companyId) };
      }
      const scope = request.auth.companyIds;
      const companyId = await technicianCompany(app.db, scope, id);
      const technician = await findTechnician(app.db, scope, id);
      if (!technician) throw notFound(TECHNICIAN_NOT_FOUND);
      return { technician, accounts: await fitterAccounts(app.db, companyId) };
    },
  );

  app.post(
    '/api/technician/new/:id',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Creates (0, in the selected garage) or saves a fitter of the caller’s garages',
        params: idParams,
        body: technicianBodySchema,
        response: { 200: technicianSchema, 201: technicianSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const scope = request.auth.companyIds;
      const companyId =
        id === 0 ? selectedCompanyToAdminister(request, 'technicians') : await technicianCompany(app.db, scope, id);
      const technician = await saveTechnician(app.db, { id, companyId, scope }, request.body);
      return reply.code(id === 0 ? 201 : 200).send(technician);
    },
  );
};
