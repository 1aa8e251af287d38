import {
  idParamsSchema,
  myNotificationsResponseSchema,
  NOTIFICATION_NOT_FOUND_MESSAGE,
  notificationDetailResponseSchema,
  notificationListBodySchema,
  notificationListResponseSchema,
  pagingQuerySchema,
  unreadCountResponseSchema,
  unreadPartialsResponseSchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/domain-error';
import { bufferPart } from '../../lib/form-data';
import { errorResponses } from '../../lib/route-errors';
import { configurationRoutes } from './configuration-routes';
import { NotificationHub } from './hub';
import { buildUnreadPartials } from './partials';
import {
  archive,
  countUnread,
  findOwn,
  listDrawer,
  listMine,
  listUnread,
  markAllRead,
  type Owner,
  setRead,
  toDetail,
} from './repository';
import { streamRoute } from './stream-route';

const errors = errorResponses(400, 401, 403, 404);
const noContent = { 204: z.null().describe('No content') };
const tags = ['notifications'];

/** Every call is limited to the caller's own notifications in the companies of their session. */
export const ownerOf = (request: FastifyRequest): Owner => ({
  userId: request.auth.userId,
  companyIds: request.auth.companyIds,
});

/** Partials list at most this many unread notifications (menu and alerts). */
const PARTIALS_LIMIT = 100;

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new NotificationHub(app.db, app.pubsub, (error) => app.log.error({ err: error }, 'notification fan-out'));
  app.addHook('onReady', () => hub.start());
  // Open streams would keep `server.close()` waiting forever: end them first.
  app.addHook('preClose', () => hub.stop());
  app.metrics?.gauge(
    'sse_clients_connected',
    'Flux de notifications ouverts sur cette instance',
    () => hub.connectionCount,
  );
  const readers = app.requirePermission('notifications');

  app.get(
    '/api/notifications/me',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'My notifications (not archived), server-paged',
        querystring: pagingQuerySchema,
        response: { 200: myNotificationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await listMine(app.db, ownerOf(request), request.query);
      return { data: rows, totalRecords: total };
    },
  );

  app.post(
    '/api/notifications/list',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'The drawer: a page of notifications, the filtered total and the unread count',
        body: notificationListBodySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listDrawer(app.db, ownerOf(request), request.body) }),
  );

  app.get(
    '/api/notifications/unread-nbre',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Unread count (the bell badge)',
        response: { 200: unreadCountResponseSchema, ...errors },
      },
    },
    async (request) => ({ count: await countUnread(app.db, ownerOf(request)) }),
  );

  app.post(
    '/api/notifications/mark-read',
    {
      preHandler: readers,
      schema: { tags, summary: 'Mark all my notifications read', response: { ...noContent, ...errors } },
    },
    async (request, reply) => {
      await markAllRead(app.db, ownerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/unread-partials',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Server-built HTML of the unread menu and the alert modals; {} when nothing is unread',
        response: { 200: unreadPartialsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const [unread, total] = await Promise.all([
        listUnread(app.db, owner, PARTIALS_LIMIT),
        countUnread(app.db, owner),
      ]);
      return buildUnreadPartials(unread, total);
    },
  );

  app.get(
    '/api/notifications/:id',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'One of my notifications',
        params: idParamsSchema,
        response: { 200: notificationDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const record = await findOwn(app.db, ownerOf(request), request.params.id);
      if (!record) throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
      return toDetail(record);
    },
  );

  for (const [action, read] of [
    ['mark-read', true],
    ['mark-unread', false],
  ] as const) {
    app.post(
      `/api/notifications/:id/${action}`,
      {
        preHandler: readers,
        schema: {
          tags,
          summary: read ? 'Mark one notification read' : 'Mark one notification unread',
          params: idParamsSchema,
          response: { ...noContent, ...errors },
        },
      },
      async (request, reply) => {
        if (!(await setRead(app.db, ownerOf(request), request.params.id, read))) {
          throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
        }
        return reply.code(204).send(null);
      },
    );
  }

  app.post(
    '/api/notifications/:id/archive',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Archive one notification (the form data body is accepted and ignored)',
        params: idParamsSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (request, reply) => {
      // The client posts form data; nothing in it matters, but the stream must be consumed.
      if (request.isMultipart()) {
        for await (const part of request.parts()) if (part.type === 'file') await bufferPart(request, part);
      }
      if (!(await archive(app.db, ownerOf(request), request.params.id))) {
        throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
      }
      return reply.code(204).send(null);
    },
  );

  await app.register(streamRoute, { hub });
  await app.register(configurationRoutes);
};
