import {
  recoveryCodesSchema,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_NO_SETUP,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_PASSWORD_WRONG,
  TWO_FACTOR_RATE_LIMIT,
  totpEnrolmentSchema,
  twoFactorCodeBodySchema,
  twoFactorSetupBodySchema,
  twoFactorStatusSchema,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, invalid, tooMany } from '../../../lib/domain-error';
import { errorResponses } from '../../../lib/route-errors';
import { passwordMatches, setupSecret, statusOf } from './account-factor';
import { checkCode, factorOf, type Proof } from './factor';
import { disableFactor, enableFactor, replaceRecoveryCodes } from './factor-service';
import { drawRecoveryCodes } from './recovery-codes';

const tags = ['account'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * « Mon compte » > « Double authentification »: the caller's own account only (no path names anyone), for every
 * role. Turning it on shows a secret and its QR code, confirmed by a first code; off, or new recovery codes, ask a
 * current code (or a recovery code), so a session left open on a shared computer cannot remove the factor.
 */
export const twoFactorAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Codes typed while signed in: 5 a minute per account over these routes (a session is no licence to guess).
  const limit = app.createRateLimit({
    max: app.config.loginRateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: (request) => `two-factor|${request.auth.userId}`,
  });
  const codeAttempt = async (request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw tooMany(TWO_FACTOR_RATE_LIMIT);
  };
  const signedIn = [app.authenticate];
  const withCode = [app.authenticate, codeAttempt];

  /** The proof of a current code of the account's active factor (TOTP or recovery), or a French 400. */
  const currentProof = async (userId: number, code: string): Promise<Proof> => {
    const factor = await factorOf(app.db, userId);
    if (!factor?.enabledAt || !factor.secret) throw invalid(TWO_FACTOR_NOT_ON);
    const proof = await checkCode(app.db, userId, factor.secret, code, { recovery: true });
    if (!proof) throw invalid(TWO_FACTOR_CODE_WRONG);
    return proof;
  };

  app.get(
    '/api/account/two-factor',
    {
      preHandler: signedIn,
      schema: {
        tags,
        summary:
          'The caller’s second factor: on or off, since when, recovery codes left, required by one of their garages',
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => statusOf(app.db, request.auth.userId),
  );

  app.post(
    '/api/account/two-factor/setup',
    {
      // The password guessed through an open session counts in the same 5 a minute as the codes.
      preHandler: withCode,
      schema: {
        tags,
        summary:
          'Draws a new TOTP secret for the caller once its password is typed again (400 otherwise): the secret, its otpauth URI and QR code (SVG), not active until its first code; 409 when a factor is already on',
        body: twoFactorSetupBodySchema,
        response: { 200: totpEnrolmentSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.auth;
      if (!(await passwordMatches(app.db, userId, request.body.password))) throw invalid(TWO_FACTOR_PASSWORD_WRONG);
      return setupSecret(app.db, userId);
    },
  );

  app.post(
    '/api/account/two-factor/enable',
    {
      preHandler: withCode,
      schema: {
        tags,
        summary:
          'Turns the factor on with the first code of the secret just shown (±30 s); answers the ten recovery codes, shown once (stored hashed)',
        body: twoFactorCodeBodySchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.auth;
      const factor = await factorOf(app.db, userId);
      if (factor?.enabledAt) throw conflict(TWO_FACTOR_ALREADY_ON);
      if (!factor?.secret) throw invalid(TWO_FACTOR_NO_SETUP);
      const proof = await checkCode(app.db, userId, factor.secret, request.body.code, { recovery: false });
      if (proof?.kind !== 'totp') throw invalid(TWO_FACTOR_CODE_WRONG);
      const { codes, hashes } = await drawRecoveryCodes();
      await enableFactor(app.db, userId, factor.secret, proof.step, hashes);
      return { recoveryCodes: codes };
    },
  );

  app.post(
    '/api/account/two-factor/disable',
    {
      preHandler: withCode,
      schema: {
        tags,
        summary:
          'Turns the caller’s factor off with a current code or a recovery code (each once); a garage that requires it asks for a new one at the next sign-in',
        body: twoFactorCodeBodySchema,
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.auth;
      const proof = await currentProof(userId, request.body.code);
      await disableFactor(app.db, userId, proof);
      return statusOf(app.db, userId);
    },
  );

  app.post(
    '/api/account/two-factor/recovery-codes',
    {
      preHandler: withCode,
      schema: {
        tags,
        summary:
          'Ten new recovery codes for the caller (the old ones stop working), with a current code or a recovery code; shown once',
        body: twoFactorCodeBodySchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.auth;
      const proof = await currentProof(userId, request.body.code);
      const { codes, hashes } = await drawRecoveryCodes();
      await replaceRecoveryCodes(app.db, userId, proof, hashes);
      return { recoveryCodes: codes };
    },
  );
};
