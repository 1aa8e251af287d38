import rateLimit from '@fastify/rate-limit';
import { PASSWORD_RESET_RATE_LIMIT } from 'contracts';
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

/**
 * « Mot de passe oublié ? » (docs/decisions.md): each request may write a mail to someone, so a client address gets
 * `PASSWORD_RESET_PER_ADDRESS` requests and an e-mail address `PASSWORD_RESET_PER_EMAIL` per window, whoever asks
 * (nobody fills a colleague's mailbox). The per-address limit counts before validation, as the login's does.
 */
export const PASSWORD_RESET_WINDOW = '15 minutes';
export const PASSWORD_RESET_PER_ADDRESS = 10;
export const PASSWORD_RESET_PER_EMAIL = 3;

/** Route config of `POST /api/password-reset`: per client address. */
export const passwordResetAddressLimit = () => ({
  max: PASSWORD_RESET_PER_ADDRESS,
  timeWindow: PASSWORD_RESET_WINDOW,
  errorResponseBuilder: () => tooMany(PASSWORD_RESET_RATE_LIMIT),
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
      errorResponseBuilder: () => tooMany('Trop de requêtes, réessayez dans une minute.'),
    });
  },
  { name: 'rate-limit', dependencies: ['cookie'] },
);
