import { SESSION_COOKIE } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { sessions, users } from '../../src/db/schema';
import { hashToken } from '../../src/modules/auth/sessions';
import { createTestApp, login, loginResponse, sessionCookie, tokenOf } from '../helpers';

/*
 * Every credential that is not a live session cookie is refused at once, with the same French 401;
 * and a session ends SESSION_IDLE_MINUTES after its last request, SESSION_ABSOLUTE_HOURS after its login, whatever
 * the refreshes in between. The clock is the rows' own: the tests move their timestamps back.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const EXPIRED = 'Session expirée, veuillez vous reconnecter';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

const infos = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/company/infos', headers });
const refresh = (cookie: string) => app.inject({ method: 'POST', url: '/api/token/refresh', headers: { cookie } });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenHashOf = (cookie: string) => hashToken(cookie.slice(SESSION_COOKIE.length + 1));
const ago = (ms: number) => new Date(Date.now() - ms);

async function sessionRow(cookie: string) {
  const [row] = await app.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
  if (!row) throw new Error('no session row');
  return row;
}

async function moveSession(cookie: string, values: Partial<typeof sessions.$inferInsert>) {
  await app.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
}

async function expectRefused(headers: Record<string, string>, what: string) {
  const response = await infos(headers);
  expect(response.statusCode, what).toBe(401);
  expect(response.json().message, what).toBe(EXPIRED);
}

describe('credentials refused at once', () => {
  it('a live session cookie is accepted (the control)', async () => {
    expect((await infos({ cookie: await login(app, 'poseur@demo.garage.fr') })).statusCode).toBe(200);
  });

  it('no cookie, a forged cookie, the display token, a re-signed or alg:none JWT, in the cookie or as Bearer', async () => {
    const displayToken = tokenOf(await loginResponse(app, 'superadmin@demo.garage.fr'));
    const claims = decodeJwt(displayToken);
    const resigned = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('pas-le-secret'));
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    // Same shape as a real token (32 random bytes, base64url), never issued.
    const forged = Buffer.alloc(32, 7).toString('base64url');
    await expectRefused({}, 'no cookie');
    await expectRefused({ cookie: `${SESSION_COOKIE}=${forged}` }, 'forged cookie');
    for (const [what, jwt] of [
      ['display token', displayToken],
      ['re-signed JWT', resigned],
      ['alg:none JWT', none],
    ] as const) {
      await expectRefused({ cookie: `${SESSION_COOKIE}=${jwt}` }, `${what} as cookie`);
      await expectRefused({ authorization: `Bearer ${jwt}` }, `${what} as Bearer`);
    }
  });

  it('a session past its access window', async () => {
    const cookie = await login(app, 'poseur@demo.garage.fr');
    await moveSession(cookie, { accessExpiresAt: ago(1000) });
    await expectRefused({ cookie }, 'expired access');
  });

  it('a logged-out session, for requests and for refresh', async () => {
    const cookie = await login(app, 'poseur@demo.garage.fr');
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    await expectRefused({ cookie }, 'logged out');
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it("a deactivated user's open session, for requests and for refresh", async () => {
    const email = 'service.client.limit@demo.garage.fr';
    const cookie = await login(app, email);
    expect((await infos({ cookie })).statusCode).toBe(200);
    await app.db.update(users).set({ active: false }).where(eq(users.email, email));
    await expectRefused({ cookie }, 'deactivated user');
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});

describe('idle timeout (SESSION_IDLE_MINUTES, 120 by default)', () => {
  it('after two hours without a request the session is neither used nor refreshed', async () => {
    const cookie = await login(app, 'cmd@demo.garage.fr');
    // The access window is still open: only the idle timeout refuses it.
    await moveSession(cookie, { lastSeenAt: ago(120 * MINUTE + 1000) });
    await expectRefused({ cookie }, 'idle');
    const refused = await refresh(cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(EXPIRED);
  });

  it('a request within the two hours keeps it alive, written at most once a minute', async () => {
    const cookie = await login(app, 'cmd@demo.garage.fr');
    const atLogin = (await sessionRow(cookie)).lastSeenAt;
    expect((await infos({ cookie })).statusCode).toBe(200);
    expect((await sessionRow(cookie)).lastSeenAt).toEqual(atLogin);

    await moveSession(cookie, { lastSeenAt: ago(119 * MINUTE) });
    const before = Date.now();
    expect((await infos({ cookie })).statusCode).toBe(200);
    expect((await sessionRow(cookie)).lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The refresh that follows is within the timeout again.
    expect((await refresh(cookie)).statusCode).toBe(200);
  });
});

describe('absolute timeout (SESSION_ABSOLUTE_HOURS, 12 by default)', () => {
  it('refreshes carry the login time: the chain ends twelve hours after the password was typed', async () => {
    const first = await login(app, 'comptable@demo.garage.fr');
    const signedIn = ago(11 * HOUR);
    await moveSession(first, { authenticatedAt: signedIn });
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = sessionCookie(rotated);
    const row = await sessionRow(second);
    expect(row.authenticatedAt).toEqual(signedIn);
    expect(row.createdAt.getTime()).toBeGreaterThan(signedIn.getTime());
    expect((await infos({ cookie: second })).statusCode).toBe(200);

    await moveSession(second, { authenticatedAt: ago(12 * HOUR + 1000) });
    await expectRefused({ cookie: second }, 'past the absolute timeout');
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('a fresh login starts a new twelve hours', async () => {
    const cookie = await login(app, 'comptable@demo.garage.fr');
    const row = await sessionRow(cookie);
    expect(Date.now() - row.authenticatedAt.getTime()).toBeLessThan(MINUTE);
    expect((await infos({ cookie })).statusCode).toBe(200);
  });
});

describe('settings', () => {
  it('reads SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS, refuses what is not a positive integer', () => {
    const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: 'memory://' };
    expect(loadConfig(base)).toMatchObject({ sessionIdleMinutes: 120, sessionAbsoluteHours: 12 });
    expect(loadConfig({ ...base, SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '10' })).toMatchObject({
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 10,
    });
    expect(() => loadConfig({ ...base, SESSION_IDLE_MINUTES: '0' })).toThrow('SESSION_IDLE_MINUTES');
    expect(() => loadConfig({ ...base, SESSION_ABSOLUTE_HOURS: 'douze' })).toThrow('SESSION_ABSOLUTE_HOURS');
  });

  it('a shorter idle timeout configured is applied', async () => {
    const strict = await createTestApp({ config: { sessionIdleMinutes: 5 } });
    try {
      const cookie = await login(strict, 'poseur@demo.garage.fr');
      await moveSession(cookie, { lastSeenAt: ago(6 * MINUTE) });
      const response = await strict.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie } });
      expect(response.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});
