import { displayTokenClaimsSchema, SESSION_COOKIE } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { hashToken } from '../src/modules/auth/sessions';
import { createTestApp, login, loginResponse, randomIp, sessionCookie, tokenOf } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const infos = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/company/infos', headers });

describe('login', () => {
  it('answers 401 with a French message for a wrong password or an unknown e-mail', async () => {
    for (const [email, password] of [
      ['poseur@demo.garage.fr', 'mauvais'],
      ['inconnu@demo.garage.fr', 'Garage2026!'],
    ] as const) {
      const response = await loginResponse(app, email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Identifiants invalides',
        statusCode: 401,
        requestId: expect.any(String),
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts the e-mail in any case', async () => {
    expect((await loginResponse(app, 'Poseur@Demo.Garage.FR')).statusCode).toBe(200);
  });

  it('rate-limits attempts per IP and e-mail with a French 429', async () => {
    const remoteAddress = randomIp();
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        payload: { email: 'cmd@demo.garage.fr', password: 'faux' },
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Trop de tentatives de connexion, réessayez dans une minute.');
  });

  it('sets an httpOnly, SameSite=Lax session cookie on path /', async () => {
    const response = await loginResponse(app, 'poseur@demo.garage.fr');
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{43};`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
  });

  it('answers a display token with exactly the contract claims', async () => {
    const claims = decodeJwt(tokenOf(await loginResponse(app, 'poseur.admin@demo.garage.fr')));
    const { iat, exp, ...rest } = claims;
    // It ends with the session's access window (15 min), opened a moment before the token was signed.
    expect(Number(exp) - Number(iat)).toBeGreaterThanOrEqual(15 * 60 - 1);
    expect(Number(exp) - Number(iat)).toBeLessThanOrEqual(15 * 60);
    expect(Object.keys(rest).sort()).toEqual(Object.keys(displayTokenClaimsSchema.shape).sort());
    const parsed = displayTokenClaimsSchema.strict().parse(rest);
    expect(parsed).toMatchObject({
      name: 'Julien Moreau',
      email: 'poseur.admin@demo.garage.fr',
      roles: ['ROLE_POSEUR_ADMIN'],
      jeton: 120,
      isReferent: false,
      companies: [{ name: 'Vitrage Express Lyon', roles: ['ROLE_POSEUR_ADMIN'] }],
    });
    expect(parsed.companyId).toBe(parsed.companies[0]?.id);
    expect(parsed.franchiseId).toEqual(expect.any(Number));
  });

  it('signs the token of another garage to the end of the same access window, not fifteen minutes more', async () => {
    const signedIn = await loginResponse(app, 'multi@demo.garage.fr');
    const { exp } = decodeJwt(tokenOf(signedIn));
    const companies = (decodeJwt(tokenOf(signedIn)).companies ?? []) as { id: number }[];
    const other = companies[1]?.id ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const selected = await app.inject({
      method: 'POST',
      url: `/company/select/${other}`,
      headers: { cookie: sessionCookie(signedIn) },
    });
    expect(selected.statusCode, selected.body).toBe(200);
    const next = decodeJwt(selected.json().token);
    expect(next.companyId).toBe(other);
    expect(next.exp).toBe(exp);
  });

  it('answers 400 with a French message on invalid input', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: randomIp(),
      payload: { email: 'pas-un-email', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Adresse e-mail invalide',
      statusCode: 400,
      requestId: expect.any(String),
    });
  });
});

// Refused credentials (forged, JWT, expired, logged out, deactivated, timeouts): test/security/credentials.test.ts.

describe('session lifecycle', () => {
  const refresh = (cookie: string) => app.inject({ method: 'POST', url: '/api/token/refresh', headers: { cookie } });

  it('refresh rotates the session: the old cookie is refused afterwards', async () => {
    const old = await login(app, 'multi@demo.garage.fr');
    const response = await refresh(old);
    expect(response.statusCode).toBe(200);
    expect(displayTokenClaimsSchema.safeParse(decodeJwt(tokenOf(response))).success).toBe(true);
    const next = sessionCookie(response);
    expect(next).not.toBe(old);
    expect((await infos({ cookie: old })).statusCode).toBe(401);
    expect((await refresh(old)).statusCode).toBe(401);
    expect((await infos({ cookie: next })).statusCode).toBe(200);
  });

  it('refresh still works after the access window, not after the refresh window', async () => {
    const cookie = await login(app, 'cmd@demo.garage.fr');
    const tokenHash = hashToken(cookie.split('=')[1] ?? '');
    await app.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    const rotated = await refresh(cookie);
    expect(rotated.statusCode).toBe(200);
    const next = sessionCookie(rotated);
    await app.db
      .update(sessions)
      .set({ refreshExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(next.split('=')[1] ?? '')));
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('logout ends the session server-side and clears the cookie', async () => {
    const cookie = await login(app, 'comptable@demo.garage.fr');
    const response = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect((await infos({ cookie })).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});
