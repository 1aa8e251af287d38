import { IMPORT_KINDS, IMPORT_MESSAGES, idParamsSchema, importListSchema, importSchema } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid } from '../../lib/domain-error';
import { readFormData } from '../../lib/form-data';
import { errorResponses } from '../../lib/route-errors';
import type { Table } from '../../lib/table-file';
import { selectedGarage } from '../../plugins/app/auth';
import { createDraft, importOf, importView, importWithPreview, listImports } from './repository';

const tags = ['imports'];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);
const PICK_GARAGE = 'Choisissez le garage dans lequel importer les clients';
const EMPTY_TABLE = { encoding: 'UTF-8', delimiter: ';', headers: [], rows: [], lines: [] } as const satisfies Table;

/** « Import depuis l’ancien logiciel »: upload, check (a dry run), import in one transaction, undo. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = app.requirePermission('imports');

  const view = (row: Awaited<ReturnType<typeof importOf>>) => importWithPreview(app.db, row);

  app.post(
    '/api/imports',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          'Uploads a file of the former software (CSV with comma or semicolon, UTF-8 or Windows-1252, or Excel) into the selected garage, its `kind` (customers with their vehicles, suppliers, insurers) in the form: kept, read, its columns matched to the fields by their headers; nothing is imported yet',
        response: { 201: importSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, PICK_GARAGE);
      const { fields, files } = await readFormData(request);
      const kind = IMPORT_KINDS.find((known) => known === (fields.kind ?? 'customers'));
      if (!kind) throw invalid(IMPORT_MESSAGES.kind);
      const file = files.find((entry) => entry.fieldname === 'file');
      if (!file || file.buffer.length === 0) throw invalid(IMPORT_MESSAGES.unreadable);
      const { row, table } = await createDraft(app.db, {
        companyId,
        kind,
        userId: request.auth.userId,
        fileName: file.filename || 'import.csv',
        bytes: file.buffer,
      });
      return reply.code(201).send(importView(row, table, false));
    },
  );

  app.get(
    '/api/imports',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'The imports of the caller’s garages, newest first, with their counts',
        response: { 200: importListSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listImports(app.db, request.auth.companyIds);
      // The newest import in force of each garage and kind is the one that may be undone: no file to read.
      const newest = new Map<string, number>();
      for (const row of rows) {
        const key = `${row.companyId}:${row.kind}`;
        if (row.status === 'imported' && !newest.has(key)) newest.set(key, row.id);
      }
      return {
        data: rows.map((row) => {
          const { preview: _, refusals: __, headers: ___, ...item } = importView(row, EMPTY_TABLE, false);
          return { ...item, undoable: newest.get(`${row.companyId}:${row.kind}`) === row.id };
        }),
      };
    },
  );

  app.get(
    '/api/imports/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: 'One import: its mapping, the first rows as they will be saved, its counts and each refused row',
        params: idParamsSchema,
        response: { 200: importSchema, ...errors },
      },
    },
    async (request) => view(await importOf(app.db, request.auth.companyIds, request.params.id)),
  );
};
