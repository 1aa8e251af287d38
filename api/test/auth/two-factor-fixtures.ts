import { DEMO_PASSWORD, type LoginResponse } from 'contracts';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { loginResponse, randomIp, sessionCookie } from '../helpers';

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from now (negative: in the past). */
export const codeAt = (secret: string, steps = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/**
 * Waits out the end of a 30 s period when it is less than 4 s away: a code computed here for "two steps ahead" must
 * still be two steps ahead when the server checks it, not one.
 */
export async function awayFromStepEdge(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/** `codeAt` once clear of a period's end (what the server checks is then the step asked for). */
export async function freshCode(secret: string, steps = 0): Promise<string> {
  await awayFromStepEdge();
  return codeAt(secret, steps);
}

/** A fresh account with the companies, roles and password of a demo account (its own factor, its own challenges). */
export async function cloneUser(app: FastifyInstance, demoEmail = 'poseur@demo.garage.fr') {
  const response = await app.inject({ method: 'POST', url: '/api/test/clone-user', payload: { email: demoEmail } });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; email: string };
}

/** `POST /api/login` with the demo password, parsed. */
export async function signIn(app: FastifyInstance, email: string) {
  const response = await loginResponse(app, email);
  expect(response.statusCode, response.body).toBe(200);
  return { response, body: response.json() as LoginResponse };
}

/** `POST /api/login/second-factor` from `ip` (a fresh address unless given: the rate limit has its own test). */
export const secondFactor = (app: FastifyInstance, challenge: string, code: string, ip = randomIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/login/second-factor',
    payload: { challenge, code },
    remoteAddress: ip,
  });

/** A call as the signed-in `cookie`. */
export const as = (app: FastifyInstance, cookie: string) => ({
  get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
  post: (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) }),
  put: (url: string, payload: object) => app.inject({ method: 'PUT', url, headers: { cookie }, payload }),
});

/** The body of `POST /api/account/two-factor/setup`: the clone's password (the demo's), typed again. */
export const REAUTHENTICATION = { password: DEMO_PASSWORD };

/**
 * Turns the factor on from « Mon compte » for a signed-in account, as the page does: the secret shown, then a code.
 * That code is the previous period's (accepted: ±1 step), so that the test's next codes, now and next period, are
 * later ones (a code older than the last accepted one is refused). Answers the secret and the ten recovery codes.
 */
export async function enrolFromAccount(app: FastifyInstance, cookie: string) {
  const setup = await as(app, cookie).post('/api/account/two-factor/setup', REAUTHENTICATION);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enable = await as(app, cookie).post('/api/account/two-factor/enable', { code: await freshCode(secret, -1) });
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** A session's cookie from a sign-in answer that opened one. */
export const cookieOf = sessionCookie;
