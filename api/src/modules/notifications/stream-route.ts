import { errorBodySchema, READY_STREAM_EVENT } from 'contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HEARTBEAT_MS, type NotificationHub, StreamConnection } from './hub';

/** `Last-Event-ID` (sent by EventSource on reconnection) wins over `?lastEventId=` (a client's own restart). */
export function parseLastEventId(header: string | string[] | undefined, query: number | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && /^\d{1,10}$/.test(value.trim())) return Number(value.trim());
  return query;
}

export const streamRoute: FastifyPluginAsyncZod<{ hub: NotificationHub }> = async (app, { hub }) => {
  app.get(
    '/api/notifications/stream',
    {
      preHandler: app.requirePermission('notifications'),
      // One long-lived request per tab: a per-IP request budget would count reconnections of a whole office.
      config: { rateLimit: false },
      schema: {
        tags: ['notifications'],
        summary: 'Server-sent events: one `message` per new notification of mine (id = notification id)',
        description:
          'text/event-stream. Each event: `id: <notification id>`, `data: <notification row JSON>`. ' +
          'Last-Event-ID header or ?lastEventId= replays what was missed; a `: ping` comment every 15 s. ' +
          'Once registered, `event: ready` (no id, `data: {}`): read the counts again. ' +
          'Also `event: units` (no id), `data: {"companyId","jeton"}`, when a garage of the session has its units balance moved.',
        querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }),
        response: { 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const lastEventId = parseLastEventId(request.headers['last-event-id'], request.query.lastEventId);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      // Tells EventSource how long to wait before reconnecting after a drop.
      raw.write('retry: 3000\n\n');

      const connection = new StreamConnection(
        { userId: request.auth.userId, companyIds: request.auth.companyIds },
        { write: (chunk) => raw.write(chunk), end: () => raw.end() },
      );
      let heartbeat: NodeJS.Timeout | undefined;
      let closed = false;
      const cleanup = () => {
        closed = true;
        clearInterval(heartbeat);
        hub.remove(connection);
      };
      raw.on('close', cleanup);

      try {
        await hub.open(connection, lastEventId);
      } catch (error) {
        request.log.error({ err: error }, 'notification stream replay failed');
        cleanup();
        raw.end();
        return;
      }
      // The socket may have gone while the replay ran; `open` registered it again.
      if (closed) {
        hub.remove(connection);
        return;
      }
      // From here on every new notification of this user reaches this stream. The `ready` event tells the client to
      // read its counts again: a notification written between its first read and now reached no stream.
      raw.write(`event: ${READY_STREAM_EVENT}\ndata: {}\n\n`);
      heartbeat = setInterval(() => connection.comment('ping'), HEARTBEAT_MS);
    },
  );
};
