import {
  TWO_FACTOR_CHALLENGE_GONE,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_RATE_LIMIT,
  TWO_FACTOR_TOO_MANY,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, randomIp } from '../helpers';
import { as, cloneUser, codeAt, enrolFromAccount, REAUTHENTICATION, secondFactor, signIn } from './two-factor-fixtures';

/*
 * A six-digit code is guessed one in a million: what keeps it so is the number of tries. Per challenge (one password
 * typed): five wrong codes end it. Per address and account, as the password: five attempts a minute. Signed in:
 * five codes a minute on « Mon compte »'s routes.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

async function enrolledUser() {
  const { email } = await cloneUser(app);
  return { email, ...(await enrolFromAccount(app, await login(app, email))) };
}

async function challengeOf(email: string): Promise<string> {
  const { body } = await signIn(app, email);
  if (body.step !== 'verify') throw new Error(`verify expected, got ${body.step}`);
  return body.challenge;
}

/** A code that is not the account's (its own code plus one, wrapped). */
const wrongCode = (secret: string) => String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');

describe('the second step’s limits', () => {
  it('ends a challenge at its fifth wrong code: the right one then no longer opens anything', async () => {
    const { email, secret } = await enrolledUser();
    const challenge = await challengeOf(email);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await secondFactor(app, challenge, wrongCode(secret));
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      expect(wrong.json().message).toBe(TWO_FACTOR_CODE_WRONG);
    }
    const fifth = await secondFactor(app, challenge, wrongCode(secret));
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().message).toBe(TWO_FACTOR_TOO_MANY);
    const right = await secondFactor(app, challenge, codeAt(secret));
    expect(right.statusCode).toBe(410);
    expect(right.json().message).toBe(TWO_FACTOR_CHALLENGE_GONE);
    // A new password typed gives a new challenge.
    expect((await secondFactor(app, await challengeOf(email), codeAt(secret))).statusCode).toBe(200);
  });

  it('counts attempts per address and account across challenges, as the password', async () => {
    const { email, secret } = await enrolledUser();
    const ip = randomIp();
    const first = await challengeOf(email);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await secondFactor(app, first, wrongCode(secret), ip)).statusCode).toBe(400);
    }
    // A new challenge does not start the count again.
    const second = await challengeOf(email);
    expect((await secondFactor(app, second, wrongCode(secret), ip)).statusCode).toBe(400);
    const limited = await secondFactor(app, second, codeAt(secret), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TWO_FACTOR_RATE_LIMIT);
    // Another address is not this one's count (the challenge itself allows one more wrong code here).
    expect((await secondFactor(app, second, codeAt(secret))).statusCode).toBe(200);
  });

  it('allows five attempts a minute on « Mon compte », the password typed again included', async () => {
    const { email } = await cloneUser(app);
    const me = as(app, await login(app, email));
    const setup = await me.post('/api/account/two-factor/setup', REAUTHENTICATION);
    const { secret } = setup.json() as { secret: string };
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await me.post('/api/account/two-factor/enable', { code: wrongCode(secret) })).statusCode).toBe(400);
    }
    const limited = await me.post('/api/account/two-factor/enable', { code: codeAt(secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TWO_FACTOR_RATE_LIMIT);
  });
});
