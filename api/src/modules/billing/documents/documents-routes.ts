import {
  BILLING_DOCUMENT_NOT_FOUND,
  type BillingDocument,
  createdDocumentSchema,
  creditNoteBodySchema,
  DOCUMENT_PICK_GARAGE,
  DOCUMENT_TYPES,
  documentBodySchema,
  documentIdParamsSchema,
  documentListResponseSchema,
  documentSchema,
  documentTypeParamsSchema,
  exportDocumentTypeParamsSchema,
  FOLDER_NOT_FOUND_MESSAGE,
  folderDocumentsResponseSchema,
  folderIdParamsSchema,
  INVOICE_STATEMENT_NEEDS_ISSUED_INVOICE,
  invoiceStatementFileName,
  issueBodySchema,
  PERIOD_EXPORT_FORMATS,
  pagingQuerySchema,
  parisToday,
  periodExportQuerySchema,
} from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../../lib/content-disposition';
import { conflict, forbidden, notFound } from '../../../lib/domain-error';
import { linkOrigin } from '../../../lib/link-origin';
import { errorResponses } from '../../../lib/route-errors';
import { SHEET_CONTENT_TYPES } from '../../../lib/spreadsheet';
import { FORBIDDEN_MESSAGE, selectedGarage } from '../../../plugins/app/auth';
import { queueDeposit } from '../../einvoicing/sent-invoices';
import { documentPeriodExport, sendExport } from '../exports/period-exports';
import { documentPdf } from '../pdf/document-pdf';
import { invoiceStatementPdf, statementFacts } from '../pdf/invoice-statement';
import { checkMaySettle, companiesFor, documentReachable } from './document-access';
import { issueDocument } from './document-issue';
import { findDocument, folderCompany, folderDocuments, listDocuments, sellerOf } from './documents-queries';
import { createDocument, creditNoteFrom, deleteDocument, receiveOrder, updateDocument } from './documents-repository';
import { originalPdf } from './originals';

const tags = ['billing'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Quotes, invoices, credit notes and purchase orders: lists, the document page, issuing, and their PDF. */
export const billingDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The document pages' permission (whoever reads any type); each route then checks the type itself.
  const readers = app.requirePermission('billingDocuments');

  /** 404 outside the caller's companies (existence never revealed), 403 when their roles there exclude its type. */
  const reachable = documentReachable(app.db);
  const full = async (request: FastifyRequest, id: number) => {
    const document = await findDocument(app.db, request.auth.companyIds, id);
    if (!document) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
    return document;
  };

  app.get(
    '/api/quotation/list/:type',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'One type’s documents (shared paging; columns of DOCUMENT_COLUMNS; tabs by status, column 6)',
        params: documentTypeParamsSchema,
        querystring: pagingQuerySchema,
        response: { 200: documentListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const companyIds = companiesFor(request, request.params.type);
      if (companyIds.length === 0) throw forbidden(FORBIDDEN_MESSAGE);
      return listDocuments(app.db, companyIds, request.params.type, request.query);
    },
  );

  app.get(
    '/api/quotation/list/:type/export',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'Every issued invoice or credit note of the list’s filter (search, column filters, status tab) whose issue day (Paris) is within Du–Au, streamed as Excel or CSV (an attachment): totals, base and VAT per rate, paid, credited and due',
        params: exportDocumentTypeParamsSchema,
        querystring: periodExportQuerySchema,
        produces: PERIOD_EXPORT_FORMATS.map((format) => SHEET_CONTENT_TYPES[format]),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const companyIds = companiesFor(request, type);
      if (companyIds.length === 0) throw forbidden(FORBIDDEN_MESSAGE);
      return sendExport(
        reply,
        type,
        request.query,
        await documentPeriodExport(app.db, companyIds, type, request.query, linkOrigin(request)),
        {
          db: app.db,
          companyIds,
          userId: request.auth.userId,
        },
      );
    },
  );

  app.post(
    '/api/quotation/new/:type',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'A new draft of the selected garage (amounts recomputed by the server)',
        params: documentTypeParamsSchema,
        body: documentBodySchema,
        response: { 201: createdDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const selectedCompanyId = selectedGarage(request, DOCUMENT_PICK_GARAGE);
      const { userId } = request.auth;
      if (!companiesFor(request, request.params.type).includes(selectedCompanyId)) {
        throw forbidden(FORBIDDEN_MESSAGE);
      }
      const id = await createDocument(app.db, selectedCompanyId, request.params.type, request.body, userId);
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/api/quotation/:id',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'A document with its lines, VAT per rate, source and derived documents',
        params: documentIdParamsSchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => {
      await reachable(request, request.params.id);
      return full(request, request.params.id);
    },
  );

  app.put(
    '/api/quotation/:id',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Saves a draft (409 once issued: an invoice is corrected by a credit note)',
        params: documentIdParamsSchema,
        body: documentBodySchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => {
      await reachable(request, request.params.id);
      await updateDocument(app.db, request.auth.companyIds, request.params.id, request.body);
      return full(request, request.params.id);
    },
  );

  app.delete(
    '/api/quotation/:id',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Deletes a draft (409 once issued, or once a draft quote was e-mailed)',
        params: documentIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await reachable(request, request.params.id);
      await deleteDocument(app.db, request.auth.companyIds, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/quotation/:id/issue',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'Issues a draft, saving `draft` (what is typed) first, kept if the issue is refused: its number (gapless per garage and series), dates; an invoice takes its stock; every mandatory mention or 409; an insurer invoice needs a signed cession or `cessionOverride` (409 with `refusal: cession-required`); `settle` records its payment in full in the same transaction (a receipted invoice; 403 without the payments permission)',
        params: documentIdParamsSchema,
        body: issueBodySchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => {
      const options = request.body ?? {};
      checkMaySettle(request, await reachable(request, request.params.id), options.settle);
      if (options.draft) await updateDocument(app.db, request.auth.companyIds, request.params.id, options.draft);
      await issueDocument(app.db, request.auth.companyIds, request.params.id, request.auth.userId, options);
      const issued = await full(request, request.params.id);
      await freezeAndDeposit(app, issued, (id) => full(request, id));
      return issued;
    },
  );

  app.post(
    '/api/quotation/:id/receive',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'A sent purchase order is received: its “add to stock” lines enter the stock',
        params: documentIdParamsSchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) => {
      await reachable(request, request.params.id);
      await receiveOrder(app.db, request.auth.companyIds, request.params.id, request.auth.userId);
      return full(request, request.params.id);
    },
  );

  app.post(
    '/api/quotation/:id/credit-note',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'A credit-note draft correcting an issued invoice, with its reason (its buyer and lines, quantities negated); issuing it checks what is left to credit',
        params: documentIdParamsSchema,
        body: creditNoteBodySchema,
        response: { 201: createdDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await reachable(request, request.params.id, 'credit-note');
      const id = await creditNoteFrom(
        app.db,
        request.auth.companyIds,
        request.params.id,
        request.body.reason,
        request.auth.userId,
      );
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/api/quotation/:id/pdf',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'The document as a French invoice layout (PDF, inline): an issued one is its original, byte for byte as issued; drafts are drawn now, marked BROUILLON',
        params: documentIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      await reachable(request, request.params.id);
      const document = await full(request, request.params.id);
      const pdf =
        document.status === 'draft'
          ? Buffer.from(await documentPdf(document, await sellerOf(app.db, document.companyId)))
          : await originalPdf(app.db, document, { userId: request.auth.userId });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${document.number ?? `brouillon-${document.id}`}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/quotation/:id/statement/pdf',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'An issued invoice’s payment statement (“Relevé de règlements”, PDF attachment, drawn now): its credit notes, payments and cancellations, what is left to pay or to refund; never the invoice redrawn',
        params: documentIdParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      await reachable(request, request.params.id);
      const invoice = await full(request, request.params.id);
      if (invoice.type !== 'invoice' || invoice.status === 'draft') {
        throw conflict(INVOICE_STATEMENT_NEEDS_ISSUED_INVOICE);
      }
      const pdf = await invoiceStatementPdf(await statementFacts(app.db, invoice));
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(invoiceStatementFileName(invoice.number ?? '', parisToday())))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/api/folder/:id/billing-documents',
    {
      // The folder page asks whoever opens it: no readable type is an empty list, not an error.
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The folder’s documents of every type the user may read, newest first',
        params: folderIdParamsSchema,
        response: { 200: folderDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const companyId = await folderCompany(app.db, request.auth.companyIds, request.params.id);
      if (companyId === undefined) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      const types = DOCUMENT_TYPES.filter((type) => companiesFor(request, type).includes(companyId));
      return { data: await folderDocuments(app.db, companyId, request.params.id, types) };
    },
  );
};

/**
 * An issued document's original, frozen as issued, and the other invoice's of a deductible split (issued with it);
 * each one to a business then leaves through the garage's approved platform when it has one (its Factur-X, once).
 */
async function freezeAndDeposit(
  app: FastifyInstance,
  issued: BillingDocument,
  read: (id: number) => Promise<BillingDocument>,
) {
  for (const id of [issued.id, issued.splitPartner?.number ? issued.splitPartner.id : null]) {
    if (id === null) continue;
    await originalPdf(app.db, id === issued.id ? issued : await read(id));
    await queueDeposit(app.db, id);
  }
}
