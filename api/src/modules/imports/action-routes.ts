import { idParamsSchema, importRunBodySchema, importSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/content-disposition';
import { errorResponses } from '../../lib/route-errors';
import { checkOrRun, importOf, importWithPreview, undoImport } from './repository';

const tags = ['imports'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** What is done with an uploaded import: the dry run, the import, its undo, its file. */
export const importActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('imports');
  const view = (row: Awaited<ReturnType<typeof importOf>>) => importWithPreview(app.db, row);

  for (const [action, dryRun] of [
    ['check', true],
    ['run', false],
  ] as const) {
    app.post(
      `/api/imports/:id/${action}`,
      {
        preHandler: admins,
        schema: {
          tags,
          summary: dryRun
            ? 'Dry run with this mapping: every row checked and saved in a transaction rolled back, so the counts are what the import would do'
            : 'Imports with this mapping, in one transaction: customers and vehicles created or updated (a second import of the same file changes nothing), refused rows listed',
          params: idParamsSchema,
          body: importRunBodySchema,
          response: { 200: importSchema, ...errors },
        },
      },
      async (request) =>
        checkOrRun(app.db, request.auth.companyIds, request.params.id, request.body.mapping, {
          dryRun,
          watcher: { pubsub: app.pubsub, userId: request.auth.userId },
        }),
    );
  }

  app.post(
    '/api/imports/:id/undo',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'Undoes an import as a whole: what it created is deleted, what it updated put back; refused once a later import is in force',
        params: idParamsSchema,
        response: { 200: importSchema, ...errors },
      },
    },
    async (request) => view(await undoImport(app.db, request.auth.companyIds, request.params.id)),
  );

  app.get(
    '/api/imports/:id/file',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'The file as it was uploaded',
        params: idParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const row = await importOf(app.db, request.auth.companyIds, request.params.id);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachment(row.fileName))
        .send(row.file);
    },
  );
};
