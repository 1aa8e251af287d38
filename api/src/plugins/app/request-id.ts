import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id may look like to be kept (a load balancer's or a proxy's: nginx `$request_id`, a UUID…):
 * short, and nothing that could forge a log line or a header.
 */
const VALID_INCOMING = /^[\w.:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the proxy's `x-request-id` when it sent a valid one (one id follows the request through
 * every hop's logs), else 12 hex characters, short enough for a user to read out over the phone (« réf. 3f9a… »);
 * log lines are found by time and id together, so 48 bits are plenty.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && VALID_INCOMING.test(incoming)) return incoming;
  return randomBytes(6).toString('hex');
}

/**
 * Every answer carries `x-request-id` (set on the raw response, so the event streams, which write their own head,
 * carry it too), and every JSON error body its `requestId`: the browser shows it beside « Erreur interne du serveur »
 * and the log line of that failure has the same id (`reqId`). Done once here, after serialisation, so no route and
 * no response schema has to think of it.
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      // The router's own refusals (a broken URL: `frameworkErrors`) come before any onRequest hook.
      if (!reply.raw.hasHeader(REQUEST_ID_HEADER)) reply.header(REQUEST_ID_HEADER, request.id);
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      // JSON, or not said (an error body serialised by hand may come without its type): parsed to be sure.
      const type = reply.getHeader('content-type');
      if (type !== undefined && !String(type).startsWith('application/json')) return payload;
      try {
        const body: unknown = JSON.parse(payload);
        if (!body || typeof body !== 'object' || Array.isArray(body) || 'requestId' in body) return payload;
        return JSON.stringify({ ...body, requestId: request.id });
      } catch {
        return payload;
      }
    });
  },
  { name: 'request-id' },
);
