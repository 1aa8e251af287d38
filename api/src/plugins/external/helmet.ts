import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { remoteOrigins } from '../../lib/remotes';

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
      hsts: app.config.cookieSecure,
    });
  },
  { name: 'helmet', dependencies: ['remotes'] },
);
