import {
  documentIdParamsSchema,
  EMPTY_FILE_MESSAGE,
  incomingFlowListSchema,
  PLATFORM_MESSAGES,
  receptionSchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/content-disposition';
import { invalid, notFound, unsupportedType } from '../../lib/domain-error';
import { detectFileKind } from '../../lib/file-kind';
import { readFormData } from '../../lib/form-data';
import { errorResponses } from '../../lib/route-errors';
import { safeFileName } from '../../lib/safe-file-name';
import { selectedGarage } from '../../plugins/app/auth';
import { receiveFile } from './receive-service';
import { incomingFile, unbookedFlows } from './received-repository';

const tags = ['einvoicing'];

/** The root elements of the e-invoices a garage receives: CII (and Factur-X's XML), UBL invoice and credit note. */
const EINVOICE_ROOT = /^(\w+:)?(CrossIndustryInvoice|Invoice|CreditNote)$/;

/**
 * A PDF, or an XML document whose first element is an invoice's, by content: a page, an image or a program named
 * .xml or .pdf is refused before anything is stored. (Whether the PDF holds a Factur-X is the reading's matter.)
 */
function isEInvoiceFile(bytes: Buffer): boolean {
  if (detectFileKind(bytes) === 'application/pdf') return true;
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([\w:.-]+)/.exec(head)?.[1] ?? '';
  return EINVOICE_ROOT.test(root);
}

const errors = errorResponses(400, 401, 403, 404, 413, 415);

/**
 * Supplier e-invoices on the expenses page: a file imported by hand (received another way), the files that did not
 * become an expense, one received invoice with its status, the status set (and sent back), « Relever maintenant ».
 */
export const receivedRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookkeepers = app.requirePermission('expenses');

  app.post(
    '/api/einvoicing/received',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary:
          'Imports a supplier e-invoice received another way (form data `file`: Factur-X PDF, CII or UBL): booked as an expense, kept « à traiter » with its reason, or refused as a duplicate',
        consumes: ['multipart/form-data'],
        response: { 201: receptionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const companyId = selectedGarage(request, PLATFORM_MESSAGES.pickGarage);
      const { files } = await readFormData(request);
      const file = files.find((item) => item.fieldname === 'file');
      if (!file) throw invalid(PLATFORM_MESSAGES.fileRequired);
      if (file.buffer.length === 0) throw invalid(EMPTY_FILE_MESSAGE);
      if (!isEInvoiceFile(file.buffer)) throw unsupportedType(PLATFORM_MESSAGES.fileKind);
      const reception = await receiveFile(app.db, {
        companyId,
        source: 'manual',
        flowType: 'SupplierInvoice',
        fileName: safeFileName(file.filename, 'facture'),
        bytes: file.buffer,
        userId: request.auth.userId,
      });
      const { flowRowId, ...outcome } = reception;
      return reply.code(201).send({ id: flowRowId, ...outcome });
    },
  );

  app.get(
    '/api/einvoicing/received',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary: 'The received files of the user’s garages that did not become an expense (to treat, duplicates)',
        response: { 200: incomingFlowListSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await unbookedFlows(app.db, request.auth.companyIds);
      return { data: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })) };
    },
  );

  app.get(
    '/api/einvoicing/received/:id/file',
    {
      preHandler: bookkeepers,
      schema: {
        tags,
        summary: 'A received file as it came, as an attachment',
        params: documentIdParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await incomingFile(app.db, request.auth.companyIds, request.params.id);
      if (!file) throw notFound(PLATFORM_MESSAGES.flowNotFound);
      return reply
        .type(
          Buffer.from(file.content.subarray(0, 5)).toString('latin1') === '%PDF-'
            ? 'application/pdf'
            : 'application/xml',
        )
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );
};
