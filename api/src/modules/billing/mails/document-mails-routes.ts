import {
  BILLING_DOCUMENT_NOT_FOUND,
  createdDocumentSchema,
  documentIdParamsSchema,
  documentMailDraftSchema,
  documentMailRequestSchema,
  documentMailsResponseSchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { companiesWith } from '../../../plugins/app/auth';
import { documentReachable } from '../documents/document-access';
import { findDocument } from '../documents/documents-queries';
import { assertMailable, documentMailDraft, documentMails, queueDocumentMail } from './document-mails';

const tags = ['billing'];
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Documents by e-mail: the prefilled mail of a quote, invoice or credit note, its sending through the
 * outbox (the PDF attached as the download serves it) and the list of its sendings. Who reads the document reads
 * its sendings; who may edit and issue it (the same permission of its type) sends it.
 */
export const documentMailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requirePermission('billingDocuments');
  const reachable = documentReachable(app.db);
  const mailable = async (request: FastifyRequest, id: number) => {
    await reachable(request, id);
    const document = await findDocument(app.db, request.auth.companyIds, id);
    if (!document) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
    assertMailable(document);
    return document;
  };

  app.get(
    '/api/quotation/:id/mail/draft',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'The mail a quote, invoice or credit note is sent with: recipient (the buyer’s address on the document, else the folder customer’s when the caller may reveal it, logged), subject and body in French with #FOLDER#, #CLIENT#, #NUMERO#, #MONTANT#, #ECHEANCE# replaced, and the garage’s own address; 409 for an invoice or credit note not issued',
        params: documentIdParamsSchema,
        response: { 200: documentMailDraftSchema, ...errors },
      },
    },
    async (request) => {
      const document = await mailable(request, request.params.id);
      return documentMailDraft(app.db, document, {
        userId: request.auth.userId,
        mayRevealContact: companiesWith(request, 'folderContact').includes(document.companyId),
      });
    },
  );

  app.post(
    '/api/quotation/:id/mail',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'Sends a quote, invoice or credit note by e-mail: one outbox mail (plain text, a copy to the garage when asked and it has an address) with the PDF attached exactly as the download serves it (an issued document: its original, byte for byte); the folder’s history and the garage’s event log say so. 409 for an invoice or credit note not issued, 400 for a purchase order',
        params: documentIdParamsSchema,
        body: documentMailRequestSchema,
        response: { 201: createdDocumentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const document = await mailable(request, request.params.id);
      const id = await queueDocumentMail(app.db, document, request.body, request.auth.userId);
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/api/quotation/:id/mails',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'A document’s sendings by e-mail, newest first: recipient, copy, subject, when, attempts, the last error and the status (pending, sent, failed)',
        params: documentIdParamsSchema,
        response: { 200: documentMailsResponseSchema, ...errors },
      },
    },
    async (request) => {
      await reachable(request, request.params.id);
      const configured = async (companyId: number) => (await app.senders.sourceFor(companyId, 'mail')) !== 'none';
      return { data: await documentMails(app.db, request.params.id, configured) };
    },
  );
};
