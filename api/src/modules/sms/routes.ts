import {
  createdDocumentSchema,
  errorBodySchema,
  FOLDER_NOT_FOUND_MESSAGE,
  folderIdParamsSchema,
  folderSmsListSchema,
  sendFolderSmsBodySchema,
  smsInboundBodySchema,
} from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentsBearer } from '../../lib/bearer-token';
import { notFound, unauthenticated } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { NOT_FOUND_MESSAGE } from '../../plugins/app/static';
import { folderSmsList, recordReply, writeFolderSms } from './repository';

const tags = ['sms'];
const errors = errorResponses(400, 401, 403, 404);

/**
 * A folder's SMS: the list with each one's status, and an SMS written from the folder to its customer;
 * the provider's relay of replies, where « STOP » opts the number out.
 */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/folder/:id/sms',
    {
      preHandler: app.requirePermission('folderView'),
      schema: {
        tags,
        summary:
          'The folder’s SMS card: its SMS newest first (purpose, text, parts, the number masked 06 •• •• •• 44, status: programmé, en attente, envoyé, échec, STOP, annulé, and when it leaves or left), whether the customer has a French mobile and replied STOP, and the SMS templates filled for this folder',
        params: folderIdParamsSchema,
        response: { 200: folderSmsListSchema, ...errors },
      },
    },
    async (request) => {
      const configured = async (companyId: number) => (await app.senders.sourceFor(companyId, 'sms')) !== 'none';
      const card = await folderSmsList(app.db, request.auth.companyIds, request.params.id, configured);
      if (!card) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
      return card;
    },
  );

  app.post(
    '/api/folder/:id/sms',
    {
      preHandler: app.requirePermission('folderEdit'),
      schema: {
        tags,
        summary:
          'Writes an SMS to the folder’s customer (its French mobile number, never shown), through the outbox; placeholders filled; in the folder’s history. 409 without a French mobile number or after the customer’s STOP',
        params: folderIdParamsSchema,
        body: sendFolderSmsBodySchema,
        response: { 201: createdDocumentSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      // requirePermission narrowed the scope to the garages where the caller edits folders.
      const caller = {
        userId: request.auth.userId,
        editable: request.auth.companyIds,
        readable: request.auth.companyIds,
      };
      const sent = await writeFolderSms(app.db, caller, request.params.id, request.body);
      return reply.code(201).send(sent);
    },
  );

  app.post(
    '/api/sms/inbound',
    {
      schema: {
        tags,
        summary:
          'The SMS provider relays a customer’s reply (`Authorization: Bearer <SMS_INBOUND_TOKEN>`); « STOP » stops every SMS to that number. 404 when no token is configured',
        headers: z.object({ authorization: z.string().optional() }),
        body: smsInboundBodySchema,
        response: { 200: z.object({ optedOut: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const token = app.config.smsInboundToken;
      if (!token) throw notFound(NOT_FOUND_MESSAGE);
      if (!presentsBearer(request.headers.authorization, token)) {
        throw unauthenticated('Jeton du fournisseur SMS invalide');
      }
      const { from, text } = request.body;
      return { optedOut: await recordReply(app.db, from, text) };
    },
  );
};
