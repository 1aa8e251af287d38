import {
  can,
  INSURER_DUPLICATE,
  INSURER_NETWORK_READ_ONLY,
  INSURER_NOT_FOUND,
  INSURER_PICK_GARAGE,
  INSURER_SHARE_FRANCHISOR_ONLY,
  insurerBodySchema,
  insurerInUse,
  insurerListResponseSchema,
  insurerSchema,
  pagingQuerySchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { selectedGarage } from '../../plugins/app/auth';
import { createInsurer, deleteInsurer, findInsurer, foldersUsing, listInsurers, updateInsurer } from './repository';

const tags = ['insurers'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.coerce.number({ message: 'Identifiant d’assureur invalide' }).int().min(1) });

/** Only the franchisor shares an entry with its whole network (as the product catalogue). */
const mayShare = (request: FastifyRequest) => can(request.auth.roles, 'franchise');

/** Two entries of one directory with one name: the unique index answers, in French. */
async function unique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    if (cause?.code === '23505') throw conflict(INSURER_DUPLICATE);
    throw error;
  }
}

/** The insurer directory: a server-paged list, one entry, a form; a garage changes only its own entries. */
export const insurersRoutes: FastifyPluginAsyncZod = async (app) => {
  const keepers = app.requirePermission('insurers');

  app.get(
    '/api/insurer/list',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary: 'The directory of the selected garage (or of all the user’s): its entries and its network’s, paged',
        querystring: pagingQuerySchema,
        response: { 200: insurerListResponseSchema, ...errors },
      },
    },
    async (request) => listInsurers(app.db, request.auth.companyIds, request.query),
  );

  app.get(
    '/api/insurer/:id',
    {
      preHandler: keepers,
      schema: { tags, summary: 'One entry', params: idParams, response: { 200: insurerSchema, ...errors } },
    },
    async (request) => {
      const entry = await findInsurer(app.db, request.auth.companyIds, request.params.id);
      if (!entry) throw notFound(INSURER_NOT_FOUND);
      return entry;
    },
  );

  app.post(
    '/api/insurer',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary: 'A new entry of the selected garage (shared with the network: the franchisor only)',
        body: insurerBodySchema,
        response: { 201: insurerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, INSURER_PICK_GARAGE);
      if (request.body.shared && !mayShare(request)) throw forbidden(INSURER_SHARE_FRANCHISOR_ONLY);
      const id = await unique(createInsurer(app.db, companyId, request.body));
      const entry = id === undefined ? undefined : await findInsurer(app.db, request.auth.companyIds, id);
      if (!entry) throw notFound(INSURER_NOT_FOUND);
      return reply.code(201).send(entry);
    },
  );

  app.put(
    '/api/insurer/:id',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary: 'Saves an entry of one of the user’s garages (the folders naming it follow its name)',
        params: idParams,
        body: insurerBodySchema,
        response: { 200: insurerSchema, ...errors },
      },
    },
    async (request) => {
      const { companyIds } = request.auth;
      const current = await findInsurer(app.db, companyIds, request.params.id);
      if (!current) throw notFound(INSURER_NOT_FOUND);
      if (!current.editable) throw forbidden(INSURER_NETWORK_READ_ONLY);
      if (request.body.shared && !current.shared && !mayShare(request)) {
        throw forbidden(INSURER_SHARE_FRANCHISOR_ONLY);
      }
      await unique(updateInsurer(app.db, companyIds, current.id, request.body));
      const entry = await findInsurer(app.db, companyIds, current.id);
      if (!entry) throw notFound(INSURER_NOT_FOUND);
      return entry;
    },
  );

  app.delete(
    '/api/insurer/:id',
    {
      preHandler: keepers,
      schema: {
        tags,
        summary: 'Deletes an entry no folder names',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { companyIds } = request.auth;
      const current = await findInsurer(app.db, companyIds, request.params.id);
      if (!current) throw notFound(INSURER_NOT_FOUND);
      if (!current.editable) throw forbidden(INSURER_NETWORK_READ_ONLY);
      if (!(await deleteInsurer(app.db, companyIds, current.id))) {
        throw conflict(insurerInUse(await foldersUsing(app.db, current.id)));
      }
      return reply.code(204).send(null);
    },
  );
};
