import type { FastifyRequest } from 'fastify';

/**
 * Where a link e-mailed by the server (account activation, invitation) points: `PUBLIC_URL`, the address staff
 * open, else this server on localhost (the demo's `pnpm start`). Never the request's Host or Origin: a caller could
 * forge both (the CSRF check only compares them) and have a genuine mail send its reader to another site.
 */
export function linkOrigin(request: FastifyRequest): string {
  const { publicUrl, port } = request.server.config;
  return publicUrl ?? `http://localhost:${port}`;
}
