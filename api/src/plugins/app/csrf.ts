import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/domain-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_MESSAGE = 'Requête refusée (origine non autorisée)';

/**
 * Cross-site request forgery guard: a browser always sends Origin on
 * cross-origin state-changing requests, so one that differs from our own
 * host is refused. Requests without Origin (same-origin GET-like tools, curl)
 * carry no ambient browser credentials worth forging.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const allowed = new Set(app.config.allowedOrigins.map((origin) => origin.toLowerCase()));
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      if (allowed.has(origin.toLowerCase())) return;
      let host: string | undefined;
      try {
        host = new URL(origin).host.toLowerCase();
      } catch {
        host = undefined;
      }
      if (!host || host !== request.headers.host?.toLowerCase()) throw forbidden(CSRF_MESSAGE);
    });
  },
  { name: 'csrf' },
);
