import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { remoteOrigins } from '../../lib/remotes';

/** One year, subdomains included: helmet's own default. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export const helmetPlugin = fp(
  async (app: FastifyInstance) => {
    const remotes = remoteOrigins(app.remotes.manifest);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          scriptSrc: ["'self'", ...remotes],
          connectSrc: ["'self'", ...remotes],
          // antd (cssinjs) injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // On plain-http localhost, upgrading would break every sub-resource.
          upgradeInsecureRequests: app.config.cookieSecure ? [] : null,
        },
      },
      // Sent by the hook below, per request.
      hsts: false,
    });
    /*
     * HSTS only on an answer that travelled over HTTPS (RFC 6797: a browser ignores it over plain http, and a
     * plain-http localhost must never be pinned): a TLS socket, or a trusted proxy's `X-Forwarded-Proto: https`
     * (`TRUST_PROXY`). Set on the raw answer, like helmet's headers, so the event streams carry it too.
     */
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    });
    if (app.config.cookieSecure && !app.config.trustProxy) {
      app.log.warn(
        'COOKIE_SECURE=true sans TRUST_PROXY : derrière un proxy qui termine TLS, définissez TRUST_PROXY pour que HSTS soit envoyé',
      );
    }
  },
  { name: 'helmet', dependencies: ['remotes'] },
);
