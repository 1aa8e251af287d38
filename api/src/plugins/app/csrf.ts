import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/domain-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_MESSAGE = 'Requête refusée (origine non autorisée)';

/** `scheme://host[:port]` as browsers write it in Origin (default ports dropped), or undefined when unreadable. */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * This server's own origin for the request: the scheme it was reached by (https only through TLS here, or a proxy
 * believed through TRUST_PROXY) and the Host the browser asked for.
 */
const ownOrigin = (request: FastifyRequest) =>
  request.headers.host ? originOf(`${request.protocol}://${request.headers.host}`) : undefined;

/**
 * Cross-site request forgery guard: a browser always sends Origin on cross-origin state-changing requests, so one
 * that differs from our own origin (scheme, host and port: an http page may not post to its https twin, nor the
 * reverse) is refused. `PUBLIC_URL` and `ALLOWED_ORIGINS` are accepted too (a TLS proxy not listed in TRUST_PROXY
 * makes https pages reach us as http). Requests without Origin (curl, server-to-server) carry no ambient browser
 * credentials worth forging.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const allowed = new Set(
      [...app.config.allowedOrigins, ...(app.config.publicUrl ? [app.config.publicUrl] : [])].map(
        (origin) => originOf(origin) ?? origin.toLowerCase(),
      ),
    );
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const presented = request.headers.origin;
      if (presented === undefined) return;
      const origin = originOf(presented);
      if (origin && (allowed.has(origin) || origin === ownOrigin(request))) return;
      throw forbidden(CSRF_MESSAGE);
    });
  },
  { name: 'csrf' },
);
