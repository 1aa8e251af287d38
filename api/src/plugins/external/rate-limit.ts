import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tooMany } from '../../lib/domain-error';

export const LOGIN_RATE_LIMIT_MESSAGE = 'Trop de tentatives de connexion, réessayez dans une minute.';

export const PASSWORD_RATE_LIMIT_MESSAGE = 'Trop de tentatives, réessayez dans une minute.';

/**
 * Route config of a route that checks a password: `max` attempts per minute per IP and `subject` (what the
 * password is tried against), counted before validation so malformed attempts count too.
 */
export const passwordRateLimit = (max: number, subject: (request: FastifyRequest) => string, message: string) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest): string => `${request.ip}|${subject(request)}`,
  errorResponseBuilder: () => tooMany(message),
  hook: 'preValidation' as const,
});

/** POST /api/login: `max` (5 by default) attempts per minute per IP and e-mail. */
export const loginRateLimit = (max: number) =>
  passwordRateLimit(
    max,
    (request) => {
      const body = request.body;
      return body && typeof body === 'object' && 'email' in body && typeof body.email === 'string'
        ? body.email.trim().toLowerCase()
        : '';
    },
    LOGIN_RATE_LIMIT_MESSAGE,
  );

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitMax,
      timeWindow: '1 minute',
      // Static assets (dozens of chunks per page) are not worth counting.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: () => tooMany('Trop de requêtes, réessayez dans une minute.'),
    });
  },
  { name: 'rate-limit', dependencies: ['cookie'] },
);
