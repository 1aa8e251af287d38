import {
  companyIdParamsSchema,
  contactAccessBodySchema,
  contactAccessResponseSchema,
  errorBodySchema,
  FOLDER_NOT_FOUND_MESSAGE,
  folderCreateBodySchema,
  folderCreatedSchema,
  folderDefaultValuesSchema,
  folderDetailSchema,
  folderIdParamsSchema,
  folderListQuerySchema,
  folderListResponseSchema,
  folderNoteBodySchema,
  folderSearchBodySchema,
  folderSearchResponseSchema,
  folderShowResponseSchema,
  folderStatusListSchema,
  folderStatusParamsSchema,
  folderStatusSchema,
  folderUpdateBodySchema,
  historyEntrySchema,
  PICK_GARAGE_MESSAGE,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { assertCompanyInScope, companiesAt, selectedGarage, userScope } from '../../plugins/app/auth';
import { createFolder, defaultValues } from './create';
import { changeStatus, findFolder, listHistory, revealContact } from './detail-repository';
import { addNote } from './notes';
import { listFolders, listStatuses, searchFolders } from './repository';
import { updateFolder } from './update';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404);
export const NO_CONTACT_VALUE = "Cette coordonnée n'est pas renseignée.";

/** Folders: creation, lists, search, one folder with its history, contact access, status changes, notes. */
export const foldersRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewers = app.requirePermission('folderView');
  const creators = app.requirePermission('folderCreate');

  app.get(
    '/api/folder/default-values',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary:
          'Choices of the folder forms (insurers, known-by, technicians) of the selected garage or of `companyId`',
        querystring: z.object({ companyId: z.coerce.number().int().min(1).optional() }),
        response: { 200: folderDefaultValuesSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.query;
      if (companyId === undefined) return defaultValues(app.db, selectedGarage(request, PICK_GARAGE_MESSAGE));
      assertCompanyInScope(request, companyId);
      return defaultValues(app.db, companyId);
    },
  );

  app.post(
    '/api/folder/new/:type',
    {
      preHandler: creators,
      schema: {
        tags,
        summary: 'Opens a folder in the selected garage ("interne" or a product type)',
        params: z.object({ type: z.string().trim().min(1).max(60) }),
        body: folderCreateBodySchema,
        response: { 201: folderCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await createFolder(
        app.db,
        { userId: request.auth.userId, companyId: selectedGarage(request, PICK_GARAGE_MESSAGE) },
        request.params.type,
        request.body,
      );
      return reply.code(201).send({ id: result.id, number: result.number });
    },
  );

  app.get(
    '/api/company/:companyId/status-folder',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Folder statuses of a company (0 = all of the user’s companies, by label)',
        params: companyIdParamsSchema,
        response: { 200: folderStatusListSchema, ...errors },
      },
    },
    async (request) => listStatuses(app.db, companiesAt(request, request.params.companyId)),
  );

  app.get(
    '/api/company/:companyId/status-folder/:id',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'One folder status of a company',
        params: companyIdParamsSchema.extend({ id: z.coerce.number().int().min(1) }),
        response: { 200: folderStatusSchema, ...errors },
      },
    },
    async (request) => {
      const statuses = await listStatuses(app.db, companiesAt(request, request.params.companyId));
      const status = statuses.find((item) => item.id === request.params.id);
      if (!status) throw notFound('Statut introuvable');
      return status;
    },
  );

  app.get(
    '/api/folder/list/all',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Folders of the scope, server-paged (owner=my|all, type=interne|<product>), with status counts',
        querystring: folderListQuerySchema,
        response: { 200: folderListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { owner, type, from, to, ...paging } = request.query;
      return listFolders(app.db, userScope(request), paging, { owner, type, from, to });
    },
  );

  app.post(
    '/api/folder/app/search',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Folder search of the top bar: plate (any format), customer, phone, claim or folder number',
        body: folderSearchBodySchema,
        response: { 200: folderSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { companyId, search } = request.body;
      return { folders: await searchFolders(app.db, companiesAt(request, companyId), search) };
    },
  );

  const readFolder = async (request: FastifyRequest, id: number) => {
    const folder = await findFolder(app.db, userScope(request), id);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    return folder;
  };

  app.get(
    '/api/folder/:id',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'One folder (no contact detail: see contact-access-log)',
        params: folderIdParamsSchema,
        response: { 200: folderDetailSchema, ...errors },
      },
    },
    async (request) => readFolder(request, request.params.id),
  );

  app.put(
    '/api/folder/:id',
    {
      preHandler: app.requirePermission('folderEdit'),
      schema: {
        tags,
        summary: 'Changes a folder’s fields (one history row per field; empty contact details stay as they are)',
        params: folderIdParamsSchema,
        body: folderUpdateBodySchema,
        response: { 200: folderDetailSchema, ...errors },
      },
    },
    async (request) => {
      await updateFolder(app.db, userScope(request), request.params.id, request.body);
      return readFolder(request, request.params.id);
    },
  );

  app.get(
    '/api/folder/show/:id',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'The folder page: the folder, its whole history (newest first) and its company’s statuses',
        params: folderIdParamsSchema,
        response: { 200: folderShowResponseSchema, ...errors },
      },
    },
    async (request) => {
      const folder = await readFolder(request, request.params.id);
      const [history, statuses] = await Promise.all([
        listHistory(app.db, folder.id),
        listStatuses(app.db, [folder.companyId]),
      ]);
      return { folder, history, statuses };
    },
  );

  app.post(
    '/api/comment/add/:id',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Adds a comment, a relance or an anomaly to a folder (history + notification)',
        params: folderIdParamsSchema,
        body: folderNoteBodySchema,
        response: { 201: historyEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await addNote(app.db, userScope(request), request.params.id, request.body);
      if (!entry) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      const [saved] = await listHistory(app.db, entry.folderId, entry.id);
      if (!saved) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return reply.code(201).send(saved);
    },
  );

  app.post(
    '/api/contact-access-log/create',
    {
      preHandler: app.requirePermission('folderContact'),
      schema: {
        tags,
        summary: 'Reveals a customer’s phone, e-mail or address, and writes it to the folder’s history',
        body: contactAccessBodySchema,
        response: { 200: contactAccessResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { folderId, type } = request.body;
      const value = await revealContact(app.db, userScope(request), folderId, type);
      if (value === undefined) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      if (value === null) throw notFound(NO_CONTACT_VALUE);
      return { [type]: value };
    },
  );

  app.post(
    '/api/folder/status-folder/:id/:statusId',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Moves a folder to another status of its company (closing goes through the closing form)',
        params: folderStatusParamsSchema,
        response: { 204: z.null(), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await changeStatus(app.db, userScope(request), request.params.id, request.params.statusId);
      return reply.code(204).send(null);
    },
  );
};
