import {
  ACCOUNT_DISABLED_MESSAGE,
  CENTRE_MESSAGES,
  DEMO_PASSWORD,
  GARAGE_ADMIN_PICK_GARAGE,
  garageUserListResponseSchema,
  INVITATION_CLOSED,
  INVITATION_COLUMNS,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_MAIL_SUBJECT,
  INVITATION_NOT_FOUND,
  INVITATION_WRONG_PASSWORD,
  invitationInfoSchema,
  invitationSentSchema,
  pendingInvitationListSchema,
  USER_COLUMNS,
  USER_NOT_FOUND,
  USER_ROLE_FORBIDDEN,
  USER_SELF_DEACTIVATE,
} from 'contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberships, outbox, sessions, users } from '../../src/db/schema';
import { createTestApp, login, loginResponse, sessionCookie } from '../helpers';
import { companyId, userId } from '../notifications/fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let franchisor: string;
let multi: string;
let lyon: number;
let parisCmdId: number;
let lyonAdminId: number;
let marseille: number;
let parisAdmin: string;

beforeAll(async () => {
  app = await createTestApp();
  [lyon, marseille] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'marseille')]);
  [parisCmdId, lyonAdminId] = await Promise.all([
    userId(app, 'cmd@demo.garage.fr'),
    userId(app, 'poseur.admin@demo.garage.fr'),
  ]);
  [lyonAdmin, franchisor, multi] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'franchiseur@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
  ]);
  // A Paris admin of its own (the demo has none): a stranger to Lyon's users and invitations.
  const parisId = await companyId(app, 'paris');
  await app.db
    .update(memberships)
    .set({ roles: ['ROLE_CMD', 'ROLE_POSEUR_ADMIN'] })
    .where(and(eq(memberships.userId, parisCmdId), eq(memberships.companyId, parisId)));
  parisAdmin = await login(app, 'cmd@demo.garage.fr');
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

/** The link of the invitation mail last sent to `email` (its token is the page's last segment). */
async function invitationToken(email: string): Promise<string> {
  const mails = await app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));
  const mail = mails.find((row) => row.subject === INVITATION_MAIL_SUBJECT);
  const match = /\/invitation\/([\w-]+)/.exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error(`no invitation mail to ${email}`);
  return match[1];
}
const openLink = (token: string) => app.inject({ method: 'GET', url: `/api/invitation/${token}` });
const accept = (token: string, password: string, confirmation?: string) =>
  app.inject({ method: 'POST', url: `/api/invitation/${token}`, payload: { password, confirmation } });
const membershipOf = async (id: number, company: number) =>
  (
    await app.db
      .select({ roles: memberships.roles, active: memberships.active })
      .from(memberships)
      .where(and(eq(memberships.userId, id), eq(memberships.companyId, company)))
  )[0];
const infos = (cookie: string) => app.inject({ method: 'GET', url: '/api/company/infos', headers: { cookie } });

/** Invites `email` as the Lyon admin and accepts as its owner: the new (or existing) account's id. */
async function joinLyon(email: string, roles: string[], password = 'Bienvenue2026'): Promise<number> {
  expect((await invite(email, roles)).statusCode).toBe(202);
  const accepted = await accept(await invitationToken(email), password, password);
  expect(accepted.statusCode).toBe(204);
  return userId(app, email);
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

  it('finds a name typed without its accents (the one paged list search)', async () => {
    const id = await joinLyon('lea.accents@exemple.fr', ['ROLE_POSEUR']);
    expect((await list(lyonAdmin, 'lea bernard')).data.map((row) => row.id)).toContain(id);
    expect((await list(lyonAdmin, 'LÉA accents')).data.map((row) => row.id)).toEqual([id]);
  });

  it('an invitation attaches nobody: the owner of the address accepts through the link and chooses a password', async () => {
    const sent = await invite('Lea.Bernard@Exemple.fr', ['ROLE_SERVICE_CLIENT']);
    expect(sent.statusCode).toBe(202);
    expect(invitationSentSchema.parse(sent.json())).toMatchObject({
      status: 'pending',
      email: 'lea.bernard@exemple.fr',
      firstname: 'Léa',
      roles: ['ROLE_SERVICE_CLIENT'],
    });
    expect(await app.db.select().from(users).where(eq(users.email, 'lea.bernard@exemple.fr'))).toEqual([]);
    const token = await invitationToken('lea.bernard@exemple.fr');
    const info = invitationInfoSchema.parse((await openLink(token)).json());
    expect(info).toMatchObject({
      companyName: 'Vitrage Express Lyon',
      hasAccount: false,
      email: 'lea.bernard@exemple.fr',
    });

    // Bad passwords change nothing.
    expect((await accept(token, 'court', 'court')).json().message).toBe(CENTRE_MESSAGES.passwordTooShort);
    expect((await accept(token, 'Bienvenue2026', 'Bienvenue2027')).json().message).toBe(
      CENTRE_MESSAGES.passwordMismatch,
    );
    expect(await app.db.select().from(users).where(eq(users.email, 'lea.bernard@exemple.fr'))).toEqual([]);

    expect((await accept(token, 'Bienvenue2026', 'Bienvenue2026')).statusCode).toBe(204);
    expect((await loginResponse(app, 'lea.bernard@exemple.fr', 'Bienvenue2026')).statusCode).toBe(200);
    const lea = await userId(app, 'lea.bernard@exemple.fr');
    expect(await membershipOf(lea, lyon)).toEqual({ roles: ['ROLE_SERVICE_CLIENT'], active: true });
    // The link works once.
    expect((await openLink(token)).statusCode).toBe(410);
    expect((await accept(token, 'Bienvenue2026', 'Bienvenue2026')).json().message).toBe(INVITATION_CLOSED);
    expect((await openLink('inconnu')).json().message).toBe(INVITATION_INVALID);

    const all = await invite('x@exemple.fr', ['ROLE_CMD'], multi);
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(GARAGE_ADMIN_PICK_GARAGE);
  });

  it('inviting another garage’s account attaches nothing, echoes only what was typed, and answers as for an unknown address', async () => {
    const franchisorId = await userId(app, 'franchiseur@demo.garage.fr');
    const typed = { firstname: 'Intrus', name: 'Inconnu', roles: ['ROLE_POSEUR'] };
    const known = await save(0, { ...typed, email: 'franchiseur@demo.garage.fr' });
    const unknown = await save(0, { ...typed, email: 'personne.inconnue@exemple.fr' });
    const member = await save(0, { ...typed, email: 'poseur@demo.garage.fr' });
    for (const response of [known, unknown, member]) expect(response.statusCode).toBe(202);
    const shape = (response: typeof known) => {
      const { email: _email, expiresAt: _expires, ...rest } = invitationSentSchema.parse(response.json());
      return { rest, keys: Object.keys(response.json()).sort(), headers: Object.keys(response.headers).sort() };
    };
    expect(shape(known)).toEqual(shape(unknown));
    expect(shape(member)).toEqual(shape(unknown));
    expect(known.json().firstname).toBe('Intrus');
    // Not a member of Lyon until its owner says so.
    expect(await membershipOf(franchisorId, lyon)).toBeUndefined();
    expect((await list()).data.map((row) => row.email)).not.toContain('franchiseur@demo.garage.fr');

    // The owner sees Lyon's offer; only their own password accepts it.
    const token = await invitationToken('franchiseur@demo.garage.fr');
    expect(invitationInfoSchema.parse((await openLink(token)).json()).hasAccount).toBe(true);
    const wrong = await accept(token, 'pas-le-bon-mot-de-passe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(INVITATION_WRONG_PASSWORD);
    expect(await membershipOf(franchisorId, lyon)).toBeUndefined();
    expect((await accept(token, DEMO_PASSWORD)).statusCode).toBe(204);
    expect(await membershipOf(franchisorId, lyon)).toEqual({ roles: ['ROLE_POSEUR'], active: true });

    // Even now a member of Lyon, the franchisor's account is out of the centre admin's reach.
    const deactivate = await action(franchisorId, 'deactivate');
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().message).toBe(USER_ROLE_FORBIDDEN);
    expect((await save(franchisorId, { roles: ['ROLE_CMD'] })).statusCode).toBe(403);
    expect(await membershipOf(franchisorId, lyon)).toEqual({ roles: ['ROLE_POSEUR'], active: true });
    const [account] = await app.db.select({ active: users.active }).from(users).where(eq(users.id, franchisorId));
    expect(account?.active).toBe(true);
    expect((await infos(franchisor)).statusCode).toBe(200);
    await app.db.delete(memberships).where(and(eq(memberships.userId, franchisorId), eq(memberships.companyId, lyon)));
  });

  it('a centre admin can never grant ROLE_SUPER_ADMIN or ROLE_FRANCHISEUR', async () => {
    for (const role of ['ROLE_SUPER_ADMIN', 'ROLE_FRANCHISEUR']) {
      const email = `pirate-${role.toLowerCase()}@exemple.fr`;
      const response = await invite(email, ['ROLE_POSEUR', role]);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain(USER_ROLE_FORBIDDEN);
      expect(await app.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
    }
    const fitterId = await userId(app, 'poseur@demo.garage.fr');
    const promote = await save(fitterId, { roles: ['ROLE_POSEUR', 'ROLE_FRANCHISEUR'] });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(USER_ROLE_FORBIDDEN);
    expect((await membershipOf(fitterId, lyon))?.roles).toEqual(['ROLE_POSEUR']);
    // What the centre admin may grant, it grants.
    const cmd = await save(fitterId, { roles: ['ROLE_POSEUR', 'ROLE_CMD'] });
    expect(cmd.statusCode).toBe(200);
    expect(cmd.json().roles).toEqual(['ROLE_POSEUR', 'ROLE_CMD']);
    await save(fitterId, { roles: ['ROLE_POSEUR'] });
    // The franchisor may invite a franchisor into its own garage, not a super admin.
    expect((await invite('siege@exemple.fr', ['ROLE_FRANCHISEUR'], franchisor)).statusCode).toBe(202);
    expect((await invite('root@exemple.fr', ['ROLE_SUPER_ADMIN'], franchisor)).statusCode).toBe(403);
  });

  it('a centre admin cannot touch a super admin’s account, even one in its garage', async () => {
    const rootId = await userId(app, 'superadmin@demo.garage.fr');
    expect((await action(rootId, 'deactivate')).statusCode).toBe(404);
    await app.db.insert(memberships).values({ userId: rootId, companyId: lyon, roles: ['ROLE_POSEUR'] });
    expect((await action(rootId, 'deactivate')).statusCode).toBe(403);
    expect((await save(rootId, { roles: ['ROLE_CMD'] })).statusCode).toBe(403);
    expect(await membershipOf(rootId, lyon)).toEqual({ roles: ['ROLE_POSEUR'], active: true });
    await app.db.delete(memberships).where(and(eq(memberships.userId, rootId), eq(memberships.companyId, lyon)));
  });

  it('never edits nor deactivates another garage’s user; nobody deactivates themselves; TOUT asks for a garage', async () => {
    expect((await save(parisCmdId, { roles: ['ROLE_CMD', 'ROLE_POSEUR'] })).statusCode).toBe(404);
    const foreign = await action(parisCmdId, 'deactivate');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(USER_NOT_FOUND);
    expect((await infos(parisAdmin)).statusCode).toBe(200);
    const self = await action(lyonAdminId, 'deactivate');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(USER_SELF_DEACTIVATE);
    const fitterId = await userId(app, 'poseur@demo.garage.fr');
    const all = await action(fitterId, 'deactivate', multi);
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(GARAGE_ADMIN_PICK_GARAGE);
  });

  it('deactivated in one garage, a user keeps working in the other; deactivated in both, they are out at once', async () => {
    const id = await joinLyon('paul.durand@exemple.fr', ['ROLE_POSEUR']);
    // Marseille (whose admin is multi@) takes them too.
    await app.db.insert(memberships).values({ userId: id, companyId: marseille, roles: ['ROLE_CMD'] });
    const cookie = sessionCookie(await loginResponse(app, 'paul.durand@exemple.fr', 'Bienvenue2026'));
    const selected = async () => (await infos(cookie)).json().company?.id;
    expect(await selected()).toBe(lyon);

    const deactivated = await action(id, 'deactivate');
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().active).toBe(false);
    expect(await membershipOf(id, lyon)).toEqual({ roles: ['ROLE_POSEUR'], active: false });
    expect(await membershipOf(id, marseille)).toEqual({ roles: ['ROLE_CMD'], active: true });
    // The next call is refused once (the shell then refreshes its display token); the session has moved to the
    // one garage left, Marseille, and Lyon is out of its scope.
    expect((await infos(cookie)).statusCode).toBe(401);
    expect(await selected()).toBe(marseille);
    expect((await infos(cookie)).json().companies.map((c: { id: number }) => c.id)).toEqual([marseille]);
    const toLyon = await app.inject({ method: 'POST', url: `/company/select/${lyon}`, headers: { cookie } });
    expect(toLyon.statusCode).toBe(403);
    expect((await loginResponse(app, 'paul.durand@exemple.fr', 'Bienvenue2026')).statusCode).toBe(200);
    expect((await list()).data.find((row) => row.id === id)?.active).toBe(false);
    const [account] = await app.db.select({ active: users.active }).from(users).where(eq(users.id, id));
    expect(account?.active).toBe(true);

    // Marseille's admin deactivates them as well: no garage left, sessions end, login refused.
    await app.inject({ method: 'POST', url: `/company/select/${marseille}`, headers: { cookie: multi } });
    expect((await action(id, 'deactivate', multi)).statusCode).toBe(200);
    expect((await infos(cookie)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/token/refresh', headers: { cookie } })).statusCode).toBe(401);
    expect(
      await app.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt))),
    ).toEqual([]);
    const refused = await loginResponse(app, 'paul.durand@exemple.fr', 'Bienvenue2026');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_DISABLED_MESSAGE);
    // A wrong password still says only "Identifiants invalides" (the account's state is not revealed).
    expect((await loginResponse(app, 'paul.durand@exemple.fr', 'nope-nope')).statusCode).toBe(401);

    expect((await action(id, 'activate')).json().active).toBe(true);
    expect((await loginResponse(app, 'paul.durand@exemple.fr', 'Bienvenue2026')).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } });
  });

  it('finds a pending invitation’s name typed without its accents (the one paged list search)', async () => {
    expect((await invite('attente.accents@exemple.fr', ['ROLE_CMD'])).statusCode).toBe(202);
    const response = await app.inject({
      method: 'GET',
      url: `/api/users/invitations?pageSize=100&search=${encodeURIComponent('lea bernard attente.accents')}`,
      headers: { cookie: lyonAdmin },
    });
    const page = pendingInvitationListSchema.parse(response.json());
    expect(page.data.map((item) => item.email)).toEqual(['attente.accents@exemple.fr']);
  });

  it('pending invitations: listed to their garage only, cancelled by it, expired links refused', async () => {
    expect((await invite('attente@exemple.fr', ['ROLE_CMD'])).statusCode).toBe(202);
    const columnsMap = encodeURIComponent(JSON.stringify(INVITATION_COLUMNS));
    const pending = async (cookie: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/users/invitations?columnsMap=${columnsMap}&pageSize=100`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return pendingInvitationListSchema.parse(response.json());
    };
    const row = (await pending(lyonAdmin)).data.find((item) => item.email === 'attente@exemple.fr');
    expect(row).toMatchObject({
      roles: ['ROLE_CMD'],
      companyName: 'Vitrage Express Lyon',
      invitedBy: expect.any(String),
    });
    if (!row) throw new Error('no pending row');
    // Another garage neither sees nor cancels it.
    expect((await pending(parisAdmin)).data.map((item) => item.email)).not.toContain('attente@exemple.fr');
    const cancelAs = (cookie: string) =>
      app.inject({ method: 'DELETE', url: `/api/users/invitations/${row.id}`, headers: { cookie } });
    const stranger = await cancelAs(parisAdmin);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(INVITATION_NOT_FOUND);
    const token = await invitationToken('attente@exemple.fr');
    expect((await openLink(token)).statusCode).toBe(200);

    // Inviting again replaces the pending one: the older link stops working.
    expect((await invite('attente@exemple.fr', ['ROLE_SERVICE_CLIENT'])).statusCode).toBe(202);
    expect((await openLink(token)).statusCode).toBe(404);
    const second = await invitationToken('attente@exemple.fr');
    expect((await pending(lyonAdmin)).data.filter((item) => item.email === 'attente@exemple.fr')).toHaveLength(1);
    expect((await cancelAs(lyonAdmin)).statusCode).toBe(204);
    expect((await openLink(second)).json().message).toBe(INVITATION_CLOSED);
    expect((await pending(lyonAdmin)).data.map((item) => item.email)).not.toContain('attente@exemple.fr');

    expect((await invite('tardif@exemple.fr', ['ROLE_CMD'])).statusCode).toBe(202);
    await app.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'tardif@exemple.fr'));
    const late = await accept(await invitationToken('tardif@exemple.fr'), 'Bienvenue2026', 'Bienvenue2026');
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(INVITATION_EXPIRED);
    expect(await app.db.select().from(users).where(eq(users.email, 'tardif@exemple.fr'))).toEqual([]);
  });
});
