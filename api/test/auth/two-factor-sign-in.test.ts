import {
  TWO_FACTOR_CHALLENGE_GONE,
  TWO_FACTOR_CODE_USED,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_PASSWORD_WRONG,
} from 'contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, recoveryCodes, users } from '../../src/db/schema';
import { hashToken } from '../../src/modules/auth/sessions';
import { createTestApp, login } from '../helpers';
import {
  as,
  cloneUser,
  codeAt,
  cookieOf,
  enrolFromAccount,
  freshCode,
  REAUTHENTICATION,
  secondFactor,
  signIn,
} from './two-factor-fixtures';

/*
 * Two-factor sign-in : turning it on from « Mon compte », the second step of a sign-in, clock drift,
 * codes used once (also at the same instant), recovery codes. The rate limits: two-factor-limits.test.ts; the garage's
 * policy and the super admin's reset: two-factor-admin.test.ts.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

/** A fresh account with its factor on: its e-mail, secret and recovery codes. */
async function enrolledUser() {
  const { email } = await cloneUser(app);
  const enrolled = await enrolFromAccount(app, await login(app, email));
  return { email, ...enrolled };
}

/** Signs in with the password and answers the challenge of the 'verify' step (no session yet). */
async function verifyChallenge(email: string): Promise<string> {
  const { response, body } = await signIn(app, email);
  expect(body.step).toBe('verify');
  expect(response.cookies.some((cookie) => cookie.name === 'garage_session')).toBe(false);
  if (body.step !== 'verify') throw new Error('verify expected');
  return body.challenge;
}

describe('turning the second factor on and off from « Mon compte »', () => {
  it('shows a secret and its QR code, refuses a wrong first code, turns on with the right one and answers ten recovery codes', async () => {
    const { email } = await cloneUser(app);
    const me = as(app, await login(app, email));
    expect((await me.get('/api/account/two-factor')).json()).toMatchObject({ enabled: false, required: false });

    // A session alone does not change how the account signs in: its password is asked again.
    for (const [body, message] of [
      [{}, 'Saisissez votre mot de passe'],
      [{ password: 'Pas-le-bon-2026' }, TWO_FACTOR_PASSWORD_WRONG],
    ] as const) {
      const refused = await me.post('/api/account/two-factor/setup', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const [before] = await app.db.select({ secret: users.totpSecret }).from(users).where(eq(users.email, email));
    expect(before?.secret).toBeNull();
    const setup = await me.post('/api/account/two-factor/setup', REAUTHENTICATION);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/GarageOffice:.+\?.*secret=/);
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Not on before its first code: a sign-in still needs the password alone.
    expect((await signIn(app, email)).body.step).toBe('session');

    const wrong = await me.post('/api/account/two-factor/enable', { code: await freshCode(secret, 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_CODE_WRONG);

    const enable = await me.post('/api/account/two-factor/enable', { code: codeAt(secret) });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    // Kept as salted hashes only.
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const stored = await app.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user?.id ?? 0));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^scrypt\$/);
      expect(codes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false);
    }
    expect((await me.get('/api/account/two-factor')).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await me.post('/api/account/two-factor/setup', REAUTHENTICATION)).statusCode).toBe(409);
  });

  it('turns off only with a current code, never with one already used', async () => {
    const { email, secret } = await enrolledUser();
    const opened = await secondFactor(app, await verifyChallenge(email), codeAt(secret));
    expect(opened.statusCode, opened.body).toBe(200);
    const me = as(app, cookieOf(opened));
    expect((await me.post('/api/account/two-factor/disable', { code: '000000' })).statusCode).toBe(400);
    // The code that opened the session cannot turn the factor off.
    const replayed = await me.post('/api/account/two-factor/disable', { code: codeAt(secret) });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(TWO_FACTOR_CODE_USED);
    const off = await me.post('/api/account/two-factor/disable', { code: codeAt(secret, 1) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect((await signIn(app, email)).body.step).toBe('session');
  });
});

describe('new recovery codes', () => {
  it('are given for a current code; the old ones stop working', async () => {
    const { email, secret, recoveryCodes: old } = await enrolledUser();
    const opened = await secondFactor(app, await verifyChallenge(email), codeAt(secret));
    const me = as(app, cookieOf(opened));
    const fresh = await me.post('/api/account/two-factor/recovery-codes', { code: codeAt(secret, 1) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const codes: string[] = fresh.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => old.includes(code))).toBe(false);
    expect((await secondFactor(app, await verifyChallenge(email), old[0] ?? '')).statusCode).toBe(400);
    expect((await secondFactor(app, await verifyChallenge(email), codes[0] ?? '')).statusCode).toBe(200);
  });
});

describe('signing in with a second factor', () => {
  it('asks the code after the password and opens the session with it', async () => {
    const { email, secret } = await enrolledUser();
    const challenge = await verifyChallenge(email);
    const opened = await secondFactor(app, challenge, codeAt(secret));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ step: 'session', token: expect.any(String) });
    const me = await app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie: cookieOf(opened) } });
    expect(me.statusCode).toBe(200);
    // The challenge served once.
    const again = await secondFactor(app, challenge, codeAt(secret, 1));
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(TWO_FACTOR_CHALLENGE_GONE);
  });

  it('accepts a code one step behind or ahead (the phone’s clock), refuses two steps', async () => {
    const { email, secret } = await enrolledUser();
    // Enrolled with the previous period's code: the next period's is the latest one still unused.
    for (const steps of [-2, 2]) {
      const refused = await secondFactor(app, await verifyChallenge(email), await freshCode(secret, steps));
      expect(refused.statusCode, `${steps} steps`).toBe(400);
      expect(refused.json().message).toBe(TWO_FACTOR_CODE_WRONG);
    }
    const late = await secondFactor(app, await verifyChallenge(email), await freshCode(secret, 1));
    expect(late.statusCode, late.body).toBe(200);

    // One step behind: an account whose last code is older (as if it enrolled three minutes ago).
    const other = await enrolledUser();
    await app.db
      .update(users)
      .set({ totpLastStep: sql`${users.totpLastStep} - 6` })
      .where(eq(users.email, other.email));
    const early = await secondFactor(app, await verifyChallenge(other.email), await freshCode(other.secret, -1));
    expect(early.statusCode, early.body).toBe(200);
  });

  it('never accepts a code twice, nor an older one than the last accepted', async () => {
    const { email, secret } = await enrolledUser();
    const code = codeAt(secret);
    expect((await secondFactor(app, await verifyChallenge(email), code)).statusCode).toBe(200);
    const replay = await secondFactor(app, await verifyChallenge(email), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(TWO_FACTOR_CODE_USED);
    // The enrolment's code (the previous period) is older: refused too.
    expect((await secondFactor(app, await verifyChallenge(email), codeAt(secret, -1))).statusCode).toBe(400);
  });

  it('lets only one of two sign-ins sent at the same instant with the same code through', async () => {
    const { email, secret } = await enrolledUser();
    const [first, second] = [await verifyChallenge(email), await verifyChallenge(email)];
    const code = codeAt(secret);
    const answers = await Promise.all([secondFactor(app, first, code), secondFactor(app, second, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    // And one challenge answered twice at once with the same code: one session.
    const third = await verifyChallenge(email);
    const next = codeAt(secret, 1);
    const same = await Promise.all([secondFactor(app, third, next), secondFactor(app, third, next)]);
    expect(same.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(same.filter((answer) => answer.cookies.some((c) => c.name === 'garage_session'))).toHaveLength(1);
  });

  it('takes a recovery code once instead of the code, and says how many are left', async () => {
    const { email, recoveryCodes: codes } = await enrolledUser();
    const [code = ''] = codes;
    // As typed from paper: lower case, without its dash.
    const used = await secondFactor(app, await verifyChallenge(email), code.replace('-', ' ').toLowerCase());
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ step: 'session', recoveryCodesLeft: 9 });
    const again = await secondFactor(app, await verifyChallenge(email), code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TWO_FACTOR_CODE_WRONG);
  });

  it('ends a challenge after five minutes', async () => {
    const { email, secret } = await enrolledUser();
    const challenge = await verifyChallenge(email);
    await app.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.tokenHash, hashToken(challenge)));
    const late = await secondFactor(app, challenge, codeAt(secret));
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(TWO_FACTOR_CHALLENGE_GONE);
    // Only the token's hash is kept.
    const stored = await app.db.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, challenge));
    expect(stored).toEqual([]);
  });
});
