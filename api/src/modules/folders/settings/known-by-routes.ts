import { companyIdParamsSchema, knownByBodySchema, knownByListSchema, knownBySchema } from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { assertCompanyInScope, companiesAt, companyToManage } from '../../../plugins/app/auth';
import { deleteKnownBy, insertKnownBy, listKnownBy, updateKnownBy } from './known-by-repository';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404);
export const KNOWN_BY_NOT_FOUND = 'Entrée « connu par » introuvable';
export const PICK_A_GARAGE = 'Sélectionnez un garage en haut à gauche pour modifier sa liste';
const oneParams = companyIdParamsSchema.extend({
  knownId: z.coerce.number({ message: 'Identifiant invalide' }).int().min(1),
});

/** The garage whose list is edited: one the caller manages (companySettings there), never TOUT. */
const companyToEdit = (request: FastifyRequest, companyId: number): number =>
  companyToManage(request, companyId, 'companySettings', PICK_A_GARAGE);

/** How customers heard of the company ("connu par"): read by folder users, kept by the garage's admins. */
export const knownByRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requirePermission('folderView');
  const editors = app.requirePermission('companySettings');

  app.get(
    '/api/company/:companyId/known',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: '"Connu par" list of a company (0 = all of mine)',
        params: companyIdParamsSchema,
        response: { 200: knownByListSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      return listKnownBy(app.db, companiesAt(request, companyId));
    },
  );

  app.post(
    '/api/company/:companyId/known',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Adds an entry to the "connu par" list',
        params: companyIdParamsSchema,
        body: knownByBodySchema,
        response: { 201: knownBySchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = companyToEdit(request, request.params.companyId);
      return reply.code(201).send(await insertKnownBy(app.db, companyId, request.body.label));
    },
  );

  app.get(
    '/api/company/:companyId/known/:knownId',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'One "connu par" entry',
        params: oneParams,
        response: { 200: knownBySchema, ...errors },
      },
    },
    async (request) => {
      assertCompanyInScope(request, request.params.companyId);
      const found = (await listKnownBy(app.db, [request.params.companyId])).find(
        (row) => row.id === request.params.knownId,
      );
      if (!found) throw notFound(KNOWN_BY_NOT_FOUND);
      return found;
    },
  );

  app.put(
    '/api/company/:companyId/known/:knownId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Renames a "connu par" entry',
        params: oneParams,
        body: knownByBodySchema,
        response: { 200: knownBySchema, ...errors },
      },
    },
    async (request) => {
      const companyId = companyToEdit(request, request.params.companyId);
      const row = await updateKnownBy(app.db, companyId, request.params.knownId, request.body.label);
      if (!row) throw notFound(KNOWN_BY_NOT_FOUND);
      return row;
    },
  );

  app.delete(
    '/api/company/:companyId/known/:knownId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Removes a "connu par" entry (its folders keep everything else)',
        params: oneParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const companyId = companyToEdit(request, request.params.companyId);
      if (!(await deleteKnownBy(app.db, companyId, request.params.knownId))) throw notFound(KNOWN_BY_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
