import { MFA_DEFAULT_ROLES, USER_NOT_FOUND } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ledgerEvents, memberships, users } from '../../src/db/schema';
import { RESET_SELF_MESSAGE } from '../../src/modules/auth/two-factor/admin-routes';
import { verifyEvents } from '../../src/modules/ledger/events';
import { createTestApp, login, ownTestGarage } from '../helpers';
import {
  as,
  cloneUser,
  codeAt,
  cookieOf,
  enrolFromAccount,
  freshCode,
  secondFactor,
  signIn,
} from './two-factor-fixtures';

/*
 * Who must use a second factor is each garage's choice (its admin, or the franchisor for its network's garages), read
 * at every sign-in; a super admin removes a lost one, in the garage's event log.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
});
afterAll(() => app.close());

/** A garage of the test's own as `demoEmail`'s clone: its id, the clone's e-mail, id and session. */
async function garageOf(demoEmail: string, ownFranchise = false) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/test/garage',
    payload: { email: demoEmail, ownFranchise },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { email, companyId, franchiseId } = created.json() as {
    email: string;
    companyId: number;
    franchiseId: number | null;
  };
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, companyId, franchiseId, userId: user?.id ?? 0, cookie: await login(app, email) };
}

/** A fresh account (the demo password) holding `roles` in `companyId` (a fixture: no invitation). */
async function memberOf(companyId: number, roles: string[]) {
  const { id, email } = await cloneUser(app);
  await app.db.delete(memberships).where(eq(memberships.userId, id));
  await app.db.insert(memberships).values({ userId: id, companyId, roles });
  return { id, email };
}

const policyUrl = (companyId: number) => `/api/company/${companyId}/mfa-policy`;

describe('a garage’s policy', () => {
  it('starts new garages with the four roles that reach the books; the demo and the tests’ garages with none', async () => {
    const [created] = await app.db
      .insert(companies)
      .values({ name: 'Garage neuf' })
      .returning({ roles: companies.mfaRequiredRoles });
    expect(created?.roles).toEqual([...MFA_DEFAULT_ROLES]);
    const garage = await ownTestGarage(app);
    expect((await as(app, garage.cookie).get(policyUrl(garage.companyId))).json()).toEqual({
      companyId: garage.companyId,
      roles: [],
    });
  });

  it('makes its admin enrol at the next sign-in: a QR code and a secret, a wrong first code refused, then the session and ten recovery codes', async () => {
    const garage = await ownTestGarage(app);
    const fitter = await memberOf(garage.companyId, ['ROLE_POSEUR']);
    const set = await as(app, garage.cookie).put(policyUrl(garage.companyId), { roles: ['ROLE_POSEUR_ADMIN'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ companyId: garage.companyId, roles: ['ROLE_POSEUR_ADMIN'] });

    const { response, body } = await signIn(app, garage.email);
    expect(body.step).toBe('enrol');
    if (body.step !== 'enrol') return;
    expect(response.cookies.some((cookie) => cookie.name === 'garage_session')).toBe(false);
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    const wrong = await secondFactor(app, body.challenge, await freshCode(body.secret, 2));
    expect(wrong.statusCode).toBe(400);
    const enrolled = await secondFactor(app, body.challenge, codeAt(body.secret));
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().recoveryCodes).toHaveLength(10);
    const status = await as(app, cookieOf(enrolled)).get('/api/account/two-factor');
    expect(status.json()).toMatchObject({ enabled: true, required: true, recoveryCodesLeft: 10 });
    // From now on, a code at each sign-in; the garage's fitter is not concerned.
    expect((await signIn(app, garage.email)).body.step).toBe('verify');
    expect((await signIn(app, fitter.email)).body.step).toBe('session');
  });

  it('is read and set by the garage’s admin and its network’s franchisor, by nobody else', async () => {
    const head = await garageOf('franchiseur@demo.garage.fr', true);
    const owner = await ownTestGarage(app);
    await app.db.update(companies).set({ franchiseId: head.franchiseId }).where(eq(companies.id, owner.companyId));
    const otherNetwork = await garageOf('franchiseur@demo.garage.fr', true);
    const otherGarage = await ownTestGarage(app);
    const fitter = await memberOf(owner.companyId, ['ROLE_POSEUR']);
    const accountant = await memberOf(owner.companyId, ['ROLE_COMPTABLE']);
    const url = policyUrl(owner.companyId);

    const headSets = await as(app, head.cookie).put(url, { roles: ['ROLE_COMPTABLE'] });
    expect(headSets.statusCode, headSets.body).toBe(200);
    expect((await as(app, owner.cookie).get(url)).json().roles).toEqual(['ROLE_COMPTABLE']);
    for (const [who, cookie] of [
      ['another garage’s admin', otherGarage.cookie],
      ['another network’s franchisor', otherNetwork.cookie],
      ['a fitter of the garage', await login(app, fitter.email)],
    ] as const) {
      expect((await as(app, cookie).get(url)).statusCode, who).toBe(403);
      expect((await as(app, cookie).put(url, { roles: [] })).statusCode, who).toBe(403);
    }
    expect((await as(app, owner.cookie).get(url)).json().roles).toEqual(['ROLE_COMPTABLE']);
    // The franchisor's own garage is not one of the owner's: its admin does not reach it.
    expect((await as(app, owner.cookie).get(policyUrl(head.companyId))).statusCode).toBe(403);
    expect((await as(app, owner.cookie).put(url, { roles: ['ROLE_INCONNU'] })).statusCode).toBe(400);
    // The accountant is now required: enrolment at sign-in.
    expect((await signIn(app, accountant.email)).body.step).toBe('enrol');
  });

  it('follows active memberships only: a garage that deactivated the user no longer requires it', async () => {
    const strict = await ownTestGarage(app);
    await as(app, strict.cookie).put(policyUrl(strict.companyId), { roles: ['ROLE_CMD'] });
    const user = await memberOf(strict.companyId, ['ROLE_CMD']);
    const lenient = await ownTestGarage(app);
    await app.db.insert(memberships).values({ userId: user.id, companyId: lenient.companyId, roles: ['ROLE_CMD'] });
    expect((await signIn(app, user.email)).body.step).toBe('enrol');
    await app.db
      .update(memberships)
      .set({ active: false })
      .where(and(eq(memberships.userId, user.id), eq(memberships.companyId, strict.companyId)));
    expect((await signIn(app, user.email)).body.step).toBe('session');
  });
});

describe('a super admin’s reset of a lost factor', () => {
  it('removes it, writes it in the garage’s event log, and reaches only the users of the super admin’s garage', async () => {
    const platform = await garageOf('superadmin@demo.garage.fr');
    const user = await memberOf(platform.companyId, ['ROLE_POSEUR_ADMIN']);
    await enrolFromAccount(app, await login(app, user.email));
    const listed = async () =>
      ((await as(app, platform.cookie).get('/api/users')).json().data as { email: string; twoFactor: boolean }[]).find(
        (row) => row.email === user.email,
      );
    expect((await listed())?.twoFactor).toBe(true);

    // Another garage's super admin, the garage's own admin, the user themselves: refused.
    const otherPlatform = await garageOf('superadmin@demo.garage.fr');
    const foreign = await as(app, otherPlatform.cookie).post(`/api/users/${user.id}/two-factor/reset`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(USER_NOT_FOUND);
    const admin = await memberOf(platform.companyId, ['ROLE_POSEUR_ADMIN']);
    expect(
      (await as(app, await login(app, admin.email)).post(`/api/users/${user.id}/two-factor/reset`)).statusCode,
    ).toBe(403);
    const self = await as(app, platform.cookie).post(`/api/users/${platform.userId}/two-factor/reset`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(RESET_SELF_MESSAGE);
    expect((await signIn(app, user.email)).body.step).toBe('verify');

    const reset = await as(app, platform.cookie).post(`/api/users/${user.id}/two-factor/reset`);
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await listed())?.twoFactor).toBe(false);
    expect((await signIn(app, user.email)).body.step).toBe('session');
    const events = await app.db
      .select({ kind: ledgerEvents.kind, userId: ledgerEvents.userId, details: ledgerEvents.details })
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.companyId, platform.companyId), eq(ledgerEvents.kind, 'mfa-reset')));
    expect(events).toEqual([
      { kind: 'mfa-reset', userId: platform.userId, details: { userId: user.id, email: user.email } },
    ]);
    expect((await verifyEvents(app.db, platform.companyId)).problems).toEqual([]);
  });
});
