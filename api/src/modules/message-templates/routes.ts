import {
  can,
  FOLDER_NOT_FOUND_MESSAGE,
  fillFolderPlaceholder,
  folderMessageTemplateResponseSchema,
  idParamsSchema,
  messageTemplateBodySchema,
  messageTemplateListResponseSchema,
  messageTemplateSchema,
  pagingQuerySchema,
  SELECT_COMPANY_MESSAGE,
  TEMPLATE_KINDS,
  TEMPLATE_NOT_FOUND_MESSAGE,
  TEMPLATE_READ_ONLY,
  TEMPLATE_SHARE_REFUSED,
  typesOfKind,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/domain-error';
import { resolvePaging } from '../../lib/paging';
import { errorResponses } from '../../lib/route-errors';
import { escapeHtml, sanitizeHtml } from '../../lib/sanitize';
import { selectedGarage } from '../../plugins/app/auth';
import { folderName as findFolderName } from '../folders/repository';
import {
  findTemplate,
  insertTemplate,
  listTemplates,
  type TemplateSort,
  toTemplate,
  updateTemplate,
} from './repository';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['message-templates'];
const COLUMNS: readonly TemplateSort[] = ['subject', 'type', 'updatedAt'];

/** Publishing to the centres is the franchisor's (the permission table's `franchise`). */
function checkSharing(request: FastifyRequest, shared: boolean): void {
  if (shared && !can(request.auth.roles, 'franchise')) throw forbidden(TEMPLATE_SHARE_REFUSED);
}

export const messageTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const writers = app.requirePermission('messages');

  for (const kind of TEMPLATE_KINDS) {
    app.get(
      `/api/message_template/${kind}/list`,
      {
        preHandler: writers,
        schema: {
          tags,
          summary: `${kind === 'sms' ? 'SMS' : 'Mail'} templates of my companies and those my franchisor publishes, server-paged`,
          querystring: pagingQuerySchema,
          response: { 200: messageTemplateListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const paging = resolvePaging(request.query, COLUMNS, { sort: 'updatedAt', dir: 'desc' });
        const { rows, total } = await listTemplates(app.db, {
          companyIds: request.auth.companyIds,
          types: typesOfKind(kind),
          offset: paging.offset,
          limit: paging.limit,
          sort: paging.sort ?? 'updatedAt',
          dir: paging.dir,
          search: paging.search ?? paging.filters.subject,
        });
        return { data: rows, totalRecords: total };
      },
    );

    app.post(
      `/api/message_template/${kind}/new`,
      {
        preHandler: writers,
        schema: {
          tags,
          summary: `Create a template in the selected garage (content sanitized)`,
          body: messageTemplateBodySchema,
          response: { 201: messageTemplateSchema, ...errors },
        },
      },
      async (request, reply) => {
        const companyId = selectedGarage(request, SELECT_COMPANY_MESSAGE);
        checkSharing(request, request.body.shared);
        const body = { ...request.body, content: sanitizeHtml(request.body.content) };
        const row = await insertTemplate(app.db, companyId, body);
        return reply.code(201).send(toTemplate(row, request.auth.companyIds));
      },
    );
  }

  app.get(
    '/api/message_template/:id/edit',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'One template: their own, or one their franchisor publishes (editable: false)',
        params: idParamsSchema,
        response: { 200: messageTemplateSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findTemplate(app.db, request.auth.companyIds, request.params.id);
      if (!row) throw notFound(TEMPLATE_NOT_FOUND_MESSAGE);
      return toTemplate(row, request.auth.companyIds);
    },
  );

  app.post(
    '/api/message_template/:id/edit',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Update a template (content sanitized)',
        params: idParamsSchema,
        body: messageTemplateBodySchema,
        response: { 200: messageTemplateSchema, ...errors },
      },
    },
    async (request) => {
      checkSharing(request, request.body.shared);
      const { companyIds } = request.auth;
      const body = { ...request.body, content: sanitizeHtml(request.body.content) };
      const row = await updateTemplate(app.db, companyIds, request.params.id, body);
      if (row) return toTemplate(row, companyIds);
      // Not theirs: published by their franchisor (readable, not editable), or nobody's they know.
      const published = await findTemplate(app.db, companyIds, request.params.id);
      throw published ? forbidden(TEMPLATE_READ_ONLY) : notFound(TEMPLATE_NOT_FOUND_MESSAGE);
    },
  );

  app.get(
    '/folder/:folderId/message_template/:templateId',
    {
      // Folder pages use templates when writing to a customer: whoever may open a folder.
      preHandler: app.requirePermission('folderView'),
      schema: {
        tags,
        summary: 'A template with #FOLDER# replaced by the folder name',
        description:
          'The folder name is its plate; a folder outside the caller’s companies -> 404 "Dossier introuvable".',
        params: z.object({
          folderId: z.coerce.number().int().min(1),
          templateId: z.coerce.number().int().min(1),
        }),
        response: { 200: folderMessageTemplateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { folderId, templateId } = request.params;
      const { companyIds } = request.auth;
      const [template, folderName] = await Promise.all([
        findTemplate(app.db, companyIds, templateId),
        findFolderName(app.db, companyIds, folderId),
      ]);
      if (!template) throw notFound(TEMPLATE_NOT_FOUND_MESSAGE);
      if (folderName === undefined) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return {
        type: template.type,
        subject: fillFolderPlaceholder(template.subject, folderName),
        // The folder name is text: escape it before it enters HTML.
        content: fillFolderPlaceholder(template.content, escapeHtml(folderName)),
      };
    },
  );
};
