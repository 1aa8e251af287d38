import {
  companyIdParamsSchema,
  FOLDER_STATUS_PICK_GARAGE,
  folderStatusBodySchema,
  folderStatusOrderBodySchema,
  folderStatusSettingListSchema,
  folderStatusSettingSchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/route-errors';
import { companyToManage } from '../../../plugins/app/auth';
import {
  deleteStatus,
  insertStatus,
  listStatusSettings,
  reorderStatuses,
  updateStatus,
} from './status-settings-repository';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404, 409);
const oneParams = companyIdParamsSchema.extend({
  statusId: z.coerce.number({ message: 'Identifiant invalide' }).int().min(1),
});

/** The garage whose list is edited: one the caller manages (companySettings there), never TOUT. */
const companyToEdit = (request: FastifyRequest, companyId: number): number =>
  companyToManage(request, companyId, 'companySettings', FOLDER_STATUS_PICK_GARAGE);

/**
 * The garage's folder statuses on /company/edit, kept by its admins. Folder users read them through
 * /api/company/{id}/status-folder (routes.ts), in the same position order.
 */
export const folderStatusSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const editors = app.requirePermission('companySettings');

  app.get(
    '/api/company/:companyId/folder-statuses',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Folder statuses of a garage in their order, with their folder counts (settings)',
        params: companyIdParamsSchema,
        response: { 200: folderStatusSettingListSchema, ...errors },
      },
    },
    async (request) => listStatusSettings(app.db, companyToEdit(request, request.params.companyId)),
  );

  app.post(
    '/api/company/:companyId/folder-statuses',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Adds a status of the garage’s own, last in the order',
        params: companyIdParamsSchema,
        body: folderStatusBodySchema,
        response: { 201: folderStatusSettingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = companyToEdit(request, request.params.companyId);
      return reply.code(201).send(await insertStatus(app.db, companyId, request.body));
    },
  );

  // Registered before /:statusId for readability; find-my-way prefers the static segment anyway.
  app.put(
    '/api/company/:companyId/folder-statuses/order',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'New order of the statuses: every id of the garage, each once (positions become 1..n)',
        params: companyIdParamsSchema,
        body: folderStatusOrderBodySchema,
        response: { 200: folderStatusSettingListSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = companyToEdit(request, request.params.companyId);
      return reorderStatuses(app.db, companyId, request.body.ids);
    },
  );

  app.put(
    '/api/company/:companyId/folder-statuses/:statusId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Renames and recolours a status (a system status keeps its code)',
        params: oneParams,
        body: folderStatusBodySchema,
        response: { 200: folderStatusSettingSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = companyToEdit(request, request.params.companyId);
      return updateStatus(app.db, companyId, request.params.statusId, request.body);
    },
  );

  app.delete(
    '/api/company/:companyId/folder-statuses/:statusId',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Deletes a status of the garage’s own that no folder uses',
        params: oneParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const companyId = companyToEdit(request, request.params.companyId);
      await deleteStatus(app.db, companyId, request.params.statusId);
      return reply.code(204).send(null);
    },
  );
};
