import type { FastifyRequest } from 'fastify';

/**
 * Where a link e-mailed by the server (account activation, invitation) must point: `PUBLIC_URL` when the operator
 * set it (the only safe choice behind a proxy: Host and Origin are the client's to forge), else the page the request
 * came from (Origin, which the CSRF check only admits when it is this server's own host), else this server (Host).
 */
export function linkOrigin(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  if (configured) return configured;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return `${request.protocol}://${String(request.headers.host ?? 'localhost')}`;
}
