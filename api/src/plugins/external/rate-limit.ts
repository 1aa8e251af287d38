import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../../lib/http-error';

export const LOGIN_RATE_LIMIT_MESSAGE = 'Trop de tentatives de connexion, réessayez dans une minute.';

/** Route config of POST /api/login: `max` (5 by default) attempts per minute per IP and e-mail, checked before validation. */
export const loginRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest): string => {
    const body = request.body;
    const email =
      body && typeof body === 'object' && 'email' in body && typeof body.email === 'string'
        ? body.email.trim().toLowerCase()
        : '';
    return `${request.ip}|${email}`;
  },
  errorResponseBuilder: () => httpError(429, LOGIN_RATE_LIMIT_MESSAGE),
  hook: 'preValidation' as const,
});

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitMax,
      timeWindow: '1 minute',
      // Static assets (dozens of chunks per page) are not worth counting.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: () => httpError(429, 'Trop de requêtes, réessayez dans une minute.'),
    });
  },
  { name: 'rate-limit', dependencies: ['cookie'] },
);
