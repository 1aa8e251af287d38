import {
  errorBodySchema,
  loginSessionSchema,
  secondFactorBodySchema,
  TWO_FACTOR_CHALLENGE_GONE,
  TWO_FACTOR_CODE_USED,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_RATE_LIMIT,
  TWO_FACTOR_TOO_MANY,
} from 'contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gone, invalid, tooMany } from '../../../lib/domain-error';
import { assertAccountNotDisabled } from '../account-status';
import { openSession } from '../open-session';
import { challengeEmail, liveChallenge, recordWrongCode } from './challenges';
import { checkCode, factorOf } from './factor';
import { claimSignInCode } from './factor-service';
import { drawRecoveryCodes, recoveryCodesLeft } from './recovery-codes';

const tags = ['auth'];

/** The second step of a sign-in: the challenge `POST /api/login` answered, and a code. */
export const secondFactorLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Per address and account, as the password (`loginRateLimit`): the challenge's account is read from its token, so
   * new challenges do not reset the count; counted before validation, malformed attempts too.
   */
  const perAccount = {
    max: app.config.loginRateLimitMax,
    timeWindow: '1 minute',
    hook: 'preValidation' as const,
    keyGenerator: async (request: FastifyRequest): Promise<string> => {
      const body = request.body as { challenge?: unknown } | undefined;
      const token = typeof body?.challenge === 'string' ? body.challenge.slice(0, 200) : '';
      return `${request.ip}|${token ? await challengeEmail(app.db, token) : ''}`;
    },
    errorResponseBuilder: () => tooMany(TWO_FACTOR_RATE_LIMIT),
  };

  /** A wrong or replayed code counts against the challenge; the last one allowed ends it. */
  const refuse = async (tokenHash: string, message: string): Promise<never> => {
    throw (await recordWrongCode(app.db, tokenHash)) ? gone(TWO_FACTOR_TOO_MANY) : invalid(message);
  };

  app.post(
    '/api/login/second-factor',
    {
      config: { rateLimit: perAccount },
      schema: {
        tags,
        summary:
          'The second step of a sign-in: the challenge of POST /api/login and a code of the authenticator app (±30 s, each once) or a recovery code (verify), or the first code of the secret just scanned (enrol, answering the ten recovery codes once); opens the session. 5 minutes, 5 wrong codes at most',
        body: secondFactorBodySchema,
        response: {
          200: loginSessionSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { challenge: token, code } = request.body;
      const challenge = await liveChallenge(app.db, token);
      if (!challenge) throw gone(TWO_FACTOR_CHALLENGE_GONE);
      const { userId, tokenHash } = challenge;
      // Locked or deactivated during the five minutes: no session.
      await assertAccountNotDisabled(app.db, userId);
      const enrol = challenge.kind === 'enrol';
      const factor = await factorOf(app.db, userId);
      const secret = enrol ? challenge.pendingSecret : factor?.enabledAt ? factor.secret : null;
      // The factor was reset (or set up elsewhere) since the password: sign in again.
      if (!secret) throw gone(TWO_FACTOR_CHALLENGE_GONE);
      const proof = await checkCode(app.db, userId, secret, code, { recovery: !enrol });
      if (!proof) return refuse(tokenHash, TWO_FACTOR_CODE_WRONG);
      const recovery = enrol ? await drawRecoveryCodes() : undefined;

      const recorded = await claimSignInCode(app.db, { userId, tokenHash, enrol, secret }, proof, recovery?.hashes);
      if (!recorded) {
        if (enrol) throw gone(TWO_FACTOR_CHALLENGE_GONE);
        return refuse(tokenHash, TWO_FACTOR_CODE_USED);
      }
      return {
        step: 'session' as const,
        token: await openSession(app, reply, userId),
        ...(recovery ? { recoveryCodes: recovery.codes } : {}),
        ...(proof.kind === 'recovery' ? { recoveryCodesLeft: await recoveryCodesLeft(app.db, userId) } : {}),
      };
    },
  );
};
