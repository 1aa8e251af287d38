import { DEMO_MESSAGES_TITLE, demoAttachmentParamsSchema, demoMessagesResponseSchema, NOT_A_DEMO } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/content-disposition';
import { notFound } from '../../lib/domain-error';
import { errorResponses } from '../../lib/route-errors';
import { visibleMessages } from './repository';
import type { DemoSink } from './sink';

const tags = ['demo'];
const errors = errorResponses(401, 403, 404);
const MESSAGE_NOT_FOUND = 'Message introuvable dans la démonstration';
// Served from the product's origin: a type a browser would render as a page (HTML, SVG) goes as a plain download.
const SAFE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'text/csv', 'application/xml']);

/** « Messages envoyés (démo) »: what the sink received from the user's garages (404 on a server that is no demo). */
export const demoSinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const sinkOf = (): DemoSink => {
    if (!app.demoSink) throw notFound(NOT_A_DEMO);
    return app.demoSink;
  };

  app.get(
    '/api/demo/messages',
    {
      preHandler: app.requirePermission('authenticated'),
      schema: {
        tags,
        summary: `${DEMO_MESSAGES_TITLE}: the mails and SMS the demonstration's sink received from the user's garages, newest first`,
        response: { 200: demoMessagesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const messages = await visibleMessages(app.db, request.auth.companyIds, sinkOf().messages());
      return {
        data: messages.map(({ providerId: _, receivedAt, attachments, ...message }) => ({
          ...message,
          receivedAt: receivedAt.toISOString(),
          attachments: attachments.map((file, index) => ({
            index,
            name: file.name,
            contentType: file.contentType,
            size: file.content.length,
          })),
        })),
      };
    },
  );

  app.get(
    '/api/demo/messages/:id/attachments/:index',
    {
      preHandler: app.requirePermission('authenticated'),
      schema: {
        tags,
        summary: 'One attachment of a message the sink received, as it was sent',
        params: demoAttachmentParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const [message] = await visibleMessages(
        app.db,
        request.auth.companyIds,
        sinkOf()
          .messages()
          .filter((candidate) => candidate.id === id),
      );
      const file = message?.attachments[index];
      if (!file) throw notFound(MESSAGE_NOT_FOUND);
      return reply
        .type(SAFE_TYPES.has(file.contentType) ? file.contentType : 'application/octet-stream')
        .header('content-disposition', attachment(file.name))
        .send(file.content);
    },
  );
};
