import {
  DOCUMENT_NOT_FOUND_MESSAGE,
  documentFieldsSchema,
  documentParamsSchema,
  FILE_REQUIRED_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  FOLDER_NOT_FOUND_MESSAGE,
  folderDocumentListSchema,
  folderDocumentSchema,
  folderIdParamsSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../../lib/content-disposition';
import { invalid, notFound, unsupportedType } from '../../../lib/domain-error';
import { detectFileKind } from '../../../lib/file-kind';
import { readFormData } from '../../../lib/form-data';
import { errorResponses } from '../../../lib/route-errors';
import { safeFileName } from '../../../lib/safe-file-name';
import { addDocument, listDocuments, readDocument } from './documents-repository';

const tags = ['folders'];
const errors = errorResponses(400, 401, 403, 404, 413, 415);

/** Documents of a folder: upload (16 MB, type checked by content), list, download as an attachment. */
export const folderDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewers = app.requirePermission('folderView');

  app.get(
    '/api/folder/:id/documents',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'The folder’s documents, newest first',
        params: folderIdParamsSchema,
        response: { 200: folderDocumentListSchema, ...errors },
      },
    },
    async (request) => {
      const documents = await listDocuments(app.db, request.auth.companyIds, request.params.id);
      if (!documents) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return documents;
    },
  );

  app.post(
    '/api/folder/:id/documents',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Attaches a document (form data nameFileDoc, typeFile, numberInvoice, priceInvoice, files)',
        description: '16 MB at most (413); PDF, JPEG, PNG, WebP, HEIC, Word or Excel recognised by content (415).',
        params: folderIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: folderDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readFormData(request);
      const parsed = documentFieldsSchema.safeParse(fields);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Requête invalide');
      const file = files.find((item) => item.fieldname === 'files');
      if (!file || file.buffer.length === 0) throw invalid(FILE_REQUIRED_MESSAGE);
      const mimeType = detectFileKind(file.buffer);
      if (!mimeType) throw unsupportedType(FILE_TYPE_REFUSED_MESSAGE);
      const document = await addDocument(
        app.db,
        { userId: request.auth.userId, companyIds: request.auth.companyIds },
        request.params.id,
        {
          name: parsed.data.nameFileDoc,
          typeFile: parsed.data.typeFile,
          fileName: safeFileName(file.filename, 'document'),
          mimeType,
          content: file.buffer,
          numberInvoice: parsed.data.numberInvoice,
          priceInvoice: parsed.data.priceInvoice,
        },
      );
      if (!document) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return reply.code(201).send(document);
    },
  );

  app.get(
    '/api/folder/:id/documents/:documentId/download',
    {
      preHandler: viewers,
      schema: {
        tags,
        summary: 'Downloads a document, always as an attachment (never rendered by the browser)',
        params: documentParamsSchema,
        produces: ['application/octet-stream'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const document = await readDocument(app.db, request.auth.companyIds, id, documentId);
      if (!document) throw notFound(DOCUMENT_NOT_FOUND_MESSAGE);
      return reply
        .type(document.mimeType)
        .header('content-disposition', attachment(document.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(document.content);
    },
  );
};
