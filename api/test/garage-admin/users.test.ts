import {
  ACCESS_MAIL_SUBJECT,
  ACCOUNT_DISABLED_MESSAGE,
  GARAGE_ADMIN_PICK_GARAGE,
  garageUserListResponseSchema,
  garageUserRowSchema,
  USER_ALREADY_MEMBER,
  USER_COLUMNS,
  USER_ROLE_FORBIDDEN,
  USER_SELF_DEACTIVATE,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, outbox, users } from '../../src/db/schema';
import { createTestApp, login, loginResponse, sessionCookie } from '../helpers';
import { companyId, userId } from '../notifications/fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let franchisor: string;
let multi: string;
let lyon: number;
let parisCmdId: number;
let lyonAdminId: number;

beforeAll(async () => {
  app = await createTestApp();
  lyon = await companyId(app, 'lyon');
  [parisCmdId, lyonAdminId] = await Promise.all([
    userId(app, 'cmd@demo.garage.fr'),
    userId(app, 'poseur.admin@demo.garage.fr'),
  ]);
  [lyonAdmin, franchisor, multi] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'franchiseur@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
  ]);
  // multi@ starts on Lyon: switch to TOUT for the pick-a-garage case.
  await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } });
});
afterAll(() => app.close());

const columnsMap = encodeURIComponent(JSON.stringify(USER_COLUMNS));
const list = async (cookie = lyonAdmin, search = '') => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/users?columnsMap=${columnsMap}&pageSize=100${search ? `&search=${encodeURIComponent(search)}` : ''}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return garageUserListResponseSchema.parse(response.json());
};
const save = (id: number, payload: object, cookie = lyonAdmin) =>
  app.inject({ method: 'POST', url: `/api/users/new/${id}`, headers: { cookie }, payload });
const invite = (email: string, roles: string[], cookie = lyonAdmin) =>
  save(0, { firstname: 'Léa', name: 'Bernard', email, roles }, cookie);
const action = (id: number, verb: 'deactivate' | 'activate', cookie = lyonAdmin) =>
  app.inject({ method: 'POST', url: `/api/users/${id}/${verb}`, headers: { cookie } });

/** The temporary password of the "Votre accès" mail sent to `email`. */
async function mailedPassword(email: string): Promise<string> {
  const [mail] = await app.db.select().from(outbox).where(eq(outbox.to, email));
  expect(mail?.subject).toBe(ACCESS_MAIL_SUBJECT);
  const match = /Mot de passe provisoire : (\S+)/.exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error('no password in the mail');
  return match[1];
}

describe('my users', () => {
  it('lists the garage’s users with their roles, never another garage’s', async () => {
    const page = await list();
    const emails = page.data.map((row) => row.email);
    expect(emails).toContain('poseur@demo.garage.fr');
    expect(emails).toContain('multi@demo.garage.fr');
    expect(emails).not.toContain('cmd@demo.garage.fr');
    const fitter = page.data.find((row) => row.email === 'poseur@demo.garage.fr');
    expect(fitter).toMatchObject({ active: true, roles: ['ROLE_POSEUR'] });
    // multi@ belongs to Marseille and Bordeaux too: only Lyon shows here.
    expect(page.data.find((row) => row.email === 'multi@demo.garage.fr')?.companies.map((c) => c.id)).toEqual([lyon]);
    expect((await list(lyonAdmin, 'benali')).data.map((row) => row.email)).toEqual(['poseur@demo.garage.fr']);
  });

  it('invites a user into the selected garage with a "Votre accès" mail', async () => {
    const created = await invite('Lea.Bernard@Exemple.fr', ['ROLE_SERVICE_CLIENT']);
    expect(created.statusCode).toBe(201);
    expect(garageUserRowSchema.parse(created.json())).toMatchObject({
      email: 'lea.bernard@exemple.fr',
      roles: ['ROLE_SERVICE_CLIENT'],
      active: true,
    });
    const password = await mailedPassword('lea.bernard@exemple.fr');
    expect((await loginResponse(app, 'lea.bernard@exemple.fr', password)).statusCode).toBe(200);
    const again = await invite('lea.bernard@exemple.fr', ['ROLE_CMD']);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(USER_ALREADY_MEMBER);
    const all = await invite('x@exemple.fr', ['ROLE_CMD'], multi);
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(GARAGE_ADMIN_PICK_GARAGE);
  });

  it('a centre admin can never grant ROLE_SUPER_ADMIN or ROLE_FRANCHISEUR', async () => {
    for (const role of ['ROLE_SUPER_ADMIN', 'ROLE_FRANCHISEUR']) {
      const response = await invite(`pirate-${role.toLowerCase()}@exemple.fr`, ['ROLE_POSEUR', role]);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain(USER_ROLE_FORBIDDEN);
      expect(
        await app.db
          .select()
          .from(users)
          .where(eq(users.email, `pirate-${role.toLowerCase()}@exemple.fr`)),
      ).toEqual([]);
    }
    const fitterId = await userId(app, 'poseur@demo.garage.fr');
    const promote = await save(fitterId, { roles: ['ROLE_POSEUR', 'ROLE_FRANCHISEUR'] });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(USER_ROLE_FORBIDDEN);
    const [link] = await app.db
      .select({ roles: memberships.roles })
      .from(memberships)
      .where(and(eq(memberships.userId, fitterId), eq(memberships.companyId, lyon)));
    expect(link?.roles).toEqual(['ROLE_POSEUR']);
    // What the centre admin may grant, it grants.
    const cmd = await save(fitterId, { roles: ['ROLE_POSEUR', 'ROLE_CMD'] });
    expect(cmd.statusCode).toBe(200);
    expect(cmd.json().roles).toEqual(['ROLE_POSEUR', 'ROLE_CMD']);
    await save(fitterId, { roles: ['ROLE_POSEUR'] });
    // The franchisor may make a franchisor in its own garage, not a super admin.
    expect((await invite('siege@exemple.fr', ['ROLE_FRANCHISEUR'], franchisor)).statusCode).toBe(201);
    expect((await invite('root@exemple.fr', ['ROLE_SUPER_ADMIN'], franchisor)).statusCode).toBe(403);
  });

  it('never edits nor deactivates another garage’s user; nobody deactivates themselves', async () => {
    expect((await save(parisCmdId, { roles: ['ROLE_CMD', 'ROLE_POSEUR'] })).statusCode).toBe(404);
    expect((await action(parisCmdId, 'deactivate')).statusCode).toBe(404);
    const [cmd] = await app.db.select({ active: users.active }).from(users).where(eq(users.id, parisCmdId));
    expect(cmd?.active).toBe(true);
    const self = await action(lyonAdminId, 'deactivate');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(USER_SELF_DEACTIVATE);
  });

  it('a deactivated user’s session is refused at once, and so is their login, until reactivated', async () => {
    const created = garageUserRowSchema.parse((await invite('paul.durand@exemple.fr', ['ROLE_POSEUR'])).json());
    const password = await mailedPassword('paul.durand@exemple.fr');
    const cookie = sessionCookie(await loginResponse(app, 'paul.durand@exemple.fr', password));
    const me = () => app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);

    const deactivated = await action(created.id, 'deactivate');
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().active).toBe(false);
    expect((await me()).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/token/refresh', headers: { cookie } })).statusCode).toBe(401);
    const refused = await loginResponse(app, 'paul.durand@exemple.fr', password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_DISABLED_MESSAGE);
    // A wrong password still says only "Identifiants invalides" (the account's state is not revealed).
    expect((await loginResponse(app, 'paul.durand@exemple.fr', 'nope-nope')).statusCode).toBe(401);
    expect((await list()).data.find((row) => row.id === created.id)?.active).toBe(false);

    expect((await action(created.id, 'activate')).json().active).toBe(true);
    expect((await loginResponse(app, 'paul.durand@exemple.fr', password)).statusCode).toBe(200);
  });

  it('a centre admin cannot lock out the franchisor of its garage', async () => {
    const franchisorId = await userId(app, 'franchiseur@demo.garage.fr');
    // The franchisor is not a member of Lyon: not found, not listed.
    expect((await action(franchisorId, 'deactivate')).statusCode).toBe(404);
    // Put a franchisor into Lyon behind the admin's back: the admin may neither deactivate nor demote them.
    await app.db.insert(memberships).values({ userId: franchisorId, companyId: lyon, roles: ['ROLE_FRANCHISEUR'] });
    expect((await action(franchisorId, 'deactivate')).statusCode).toBe(403);
    expect((await save(franchisorId, { roles: ['ROLE_POSEUR'] })).statusCode).toBe(403);
    await app.db.delete(memberships).where(and(eq(memberships.userId, franchisorId), eq(memberships.companyId, lyon)));
  });
});
