import { ACCOUNT_NOT_ACTIVATED, ACTIVATION_PASSWORD_REQUIRED, CENTRE_MESSAGES, DEMO_PASSWORD } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { issueActivationToken } from '../../src/modules/franchise/activation';
import { createTestApp, loginResponse } from '../helpers';

/*
 * The activation of an account created without a password (a new network's first administrator, made by an
 * operator's command): its link asks for the password, stored in the activation's transaction.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(async () => {
  await app.close();
});

/** An account with garages and roles but no password, waiting for its activation link (answers e-mail and token). */
async function accountWithoutPassword(setsPassword: boolean) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/test/clone-user',
    payload: { email: 'poseur.admin@demo.garage.fr' },
  });
  const { email } = response.json() as { email: string };
  const token = await app.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ activatedAt: null, ...(setsPassword ? { passwordHash: '' } : {}) })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    return issueActivationToken(tx, user?.id ?? 0, new Date(), { setsPassword });
  });
  return { email, token };
}

const activate = (token: string, payload?: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/activation/${token}`, ...(payload === undefined ? {} : { payload }) });

describe('activation of an account without a password', () => {
  it('asks for the password, refuses none, a short one or a mismatch in French, then signs in with it', async () => {
    const { email, token } = await accountWithoutPassword(true);
    const info = await app.inject({ method: 'GET', url: `/api/activation/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email, firstname: expect.any(String), setsPassword: true });

    const refusals: [Record<string, string> | undefined, string][] = [
      [undefined, ACTIVATION_PASSWORD_REQUIRED],
      [{ password: 'court', confirmation: 'court' }, CENTRE_MESSAGES.passwordTooShort],
      [{ password: 'Premier-2026!', confirmation: 'Premier-2027!' }, CENTRE_MESSAGES.passwordMismatch],
    ];
    for (const [payload, message] of refusals) {
      const refused = await activate(token, payload);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    // Nothing was used by the refusals: the account still waits for its link.
    expect((await loginResponse(app, email, 'Premier-2026!')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/activation/${token}` })).statusCode).toBe(200);

    expect((await activate(token, { password: 'Premier-2026!', confirmation: 'Premier-2026!' })).statusCode).toBe(204);
    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.activatedAt).not.toBeNull();
    expect((await loginResponse(app, email, 'Premier-2026!')).statusCode).toBe(200);
    const again = await activate(token, { password: 'Autre-2026!!', confirmation: 'Autre-2026!!' });
    expect(again.statusCode).toBe(410);
    expect((await loginResponse(app, email, 'Autre-2026!!')).statusCode).toBe(401);
  });

  it('keeps the password of an account that has one: the link sets nothing, a body is ignored', async () => {
    const { email, token } = await accountWithoutPassword(false);
    const info = await app.inject({ method: 'GET', url: `/api/activation/${token}` });
    expect(info.json()).toEqual({ email, firstname: expect.any(String), setsPassword: false });
    expect((await loginResponse(app, email)).json().message).toBe(ACCOUNT_NOT_ACTIVATED);
    expect((await activate(token, { password: 'Ignoré-2026!', confirmation: 'Ignoré-2026!' })).statusCode).toBe(204);
    expect((await loginResponse(app, email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await loginResponse(app, email, 'Ignoré-2026!')).statusCode).toBe(401);
  });
});
