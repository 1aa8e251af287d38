import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every JSON answer (the API, and the specification's data paths outside /api) carries `Cache-Control: private, no-store` unless its route chose otherwise: they hold
 * customers' names, plates and money, which no browser cache, shared proxy or back button may keep.
 */
export const noStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.hasHeader('cache-control')) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('application/json')) reply.header('cache-control', 'private, no-store');
      return payload;
    });
  },
  { name: 'no-store' },
);
