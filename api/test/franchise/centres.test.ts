import {
  ACTIVATION_MAIL_SUBJECT,
  ACTIVATION_PASSWORD_REQUIRED,
  CENTRE_COLUMNS,
  CENTRE_MESSAGES,
  CENTRE_SIRET_TAKEN,
  centreListResponseSchema,
  DEMO_PASSWORD,
  INVITATION_MAIL_SUBJECT,
  POSTAL_CODE_INVALID,
  SIRET_INVALID,
  VAT_INVALID,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activationTokens,
  companies,
  folderStatuses,
  franchises,
  invitations,
  knownBy,
  memberships,
  outbox,
  technicians,
  users,
} from '../../src/db/schema';
import { createCentre } from '../../src/modules/franchise/centres';
import { codeAt, secondFactor } from '../auth/two-factor-fixtures';
import { createTestApp, login, loginResponse } from '../helpers';
import { activationTokenOf, centrePayload, demoFranchiseId, validSiret, vatOf } from './fixtures';

let app: FastifyInstance;
let franchisor: string;
let superAdmin: string;
let centreAdmin: string;
let franchiseId: number;

beforeAll(async () => {
  app = await createTestApp();
  franchiseId = await demoFranchiseId(app);
  [franchisor, superAdmin, centreAdmin] = await Promise.all([
    login(app, 'franchiseur@demo.garage.fr'),
    login(app, 'superadmin@demo.garage.fr'),
    login(app, 'poseur.admin@demo.garage.fr'),
  ]);
});
afterAll(() => app.close());

const create = (payload: object, cookie = franchisor, id = franchiseId) =>
  app.inject({
    method: 'POST',
    url: `/api/franchise/${id}/center`,
    headers: { cookie, host: 'garage.test', origin: 'http://garage.test' },
    payload,
  });
const columnsMap = encodeURIComponent(JSON.stringify(CENTRE_COLUMNS));
const list = (cookie = franchisor, id = franchiseId, query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/company/${id}/center-list?columnsMap=${columnsMap}${query}`,
    headers: { cookie },
  });

describe('centre creation', () => {
  it('writes the centre, its admin (not activated), a technician, the defaults, a token and the activation mail', async () => {
    const payload = centrePayload(franchiseId);
    const response = await create(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'success' });

    const [centre] = await app.db.select().from(companies).where(eq(companies.siret, payload.company.siret));
    expect(centre).toMatchObject({
      name: payload.company.name,
      franchiseId,
      phone: '0240000000',
      garageType: 'Fixe',
      address: '12 rue de la Fosse',
      postalCode: '44000',
      city: 'Nantes',
    });
    const [admin] = await app.db.select().from(users).where(eq(users.email, payload.email));
    expect(admin).toMatchObject({ firstname: 'Lucie', name: 'Bernard', activatedAt: null });
    expect(admin?.passwordHash).toMatch(/^scrypt\$/);
    const centreId = centre?.id ?? 0;
    const adminId = admin?.id ?? 0;
    expect(await app.db.select().from(memberships).where(eq(memberships.companyId, centreId))).toEqual([
      expect.objectContaining({ userId: adminId, roles: ['ROLE_POSEUR_ADMIN'] }),
    ]);
    expect(await app.db.select().from(technicians).where(eq(technicians.companyId, centreId))).toEqual([
      expect.objectContaining({ userId: adminId, name: 'Lucie Bernard', email: payload.email }),
    ]);
    expect((await app.db.select().from(folderStatuses).where(eq(folderStatuses.companyId, centreId))).length).toBe(6);
    expect((await app.db.select().from(knownBy).where(eq(knownBy.companyId, centreId))).length).toBeGreaterThan(0);

    const [token] = await app.db.select().from(activationTokens).where(eq(activationTokens.userId, adminId));
    expect(token?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(token?.setsPassword).toBe(true);
    const hours = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const mails = await app.db.select().from(outbox).where(eq(outbox.to, payload.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'mail', subject: ACTIVATION_MAIL_SUBJECT });
    // The link never takes the request's Host or Origin (a caller can forge both): PUBLIC_URL, else localhost.
    expect(mails[0]?.body).toMatch(/http:\/\/localhost:\d+\/activate\/[A-Za-z0-9_-]{43}/);
    expect(mails[0]?.body).not.toContain('garage.test');
    expect(mails[0]?.body).toContain('choisissez votre mot de passe');
  });

  it('answers each message of the spec, in French, with `detail` beside `message`', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, CENTRE_MESSAGES.nameRequired],
      [{ name: undefined }, CENTRE_MESSAGES.nameRequired],
      [{ email: '' }, CENTRE_MESSAGES.emailRequired],
      [{ email: 'pas-un-email' }, CENTRE_MESSAGES.emailInvalid],
      [{ company: { phone: '' } }, CENTRE_MESSAGES.phoneRequired],
      [{ company: { phone: '0240' } }, CENTRE_MESSAGES.phoneInvalid],
      [{ company: { siret: '' } }, CENTRE_MESSAGES.siretRequired],
      [{ company: { tvaNumber: '' } }, CENTRE_MESSAGES.tvaRequired],
      [{ company: { postalCode: '6900' } }, POSTAL_CODE_INVALID],
      [{ company: { name: ' ' } }, CENTRE_MESSAGES.centreNameRequired],
    ];
    for (const [overrides, message] of cases) {
      const response = await create(centrePayload(franchiseId, overrides));
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toMatchObject({ message, detail: message });
    }
  });

  it('checks the SIRET with the Luhn rule and the VAT number against its SIREN', async () => {
    const siret = validSiret();
    const wrongKey = `${siret.slice(0, 13)}${(Number(siret[13]) + 1) % 10}`;
    const luhn = await create(centrePayload(franchiseId, { company: { siret: wrongKey, tvaNumber: vatOf(wrongKey) } }));
    expect(luhn.json().message).toBe(SIRET_INVALID);
    const vat = await create(centrePayload(franchiseId, { company: { siret, tvaNumber: vatOf(validSiret()) } }));
    expect(vat.statusCode).toBe(400);
    expect(vat.json().message).toBe(VAT_INVALID);
    expect(await app.db.select().from(companies).where(eq(companies.siret, siret))).toEqual([]);
  });

  it('an admin e-mail that already has an account is invited, never attached nor revealed; a known SIRET is refused', async () => {
    const first = centrePayload(franchiseId);
    const created = await create(first);
    expect(created.statusCode).toBe(201);
    const unknown = await create(centrePayload(franchiseId));
    const known = await create(centrePayload(franchiseId, { email: 'poseur@demo.garage.fr' }));
    // The same answer whether the address has an account or not.
    expect(known.statusCode).toBe(201);
    expect(known.json()).toEqual(unknown.json());
    const fitterId = (
      await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'poseur@demo.garage.fr'))
    )[0]?.id;
    const [invitation] = await app.db
      .select({ companyId: invitations.companyId, roles: invitations.roles })
      .from(invitations)
      .where(eq(invitations.email, 'poseur@demo.garage.fr'));
    expect(invitation?.roles).toEqual(['ROLE_POSEUR_ADMIN']);
    // Nothing attached: the fitter's account is in no new garage, and keeps its password.
    const links = await app.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, fitterId ?? 0));
    expect(links.map((link) => link.companyId)).not.toContain(invitation?.companyId);
    expect((await loginResponse(app, 'poseur@demo.garage.fr', DEMO_PASSWORD)).statusCode).toBe(200);
    const [mail] = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.companyId, invitation?.companyId ?? 0));
    expect(mail?.subject).toBe(INVITATION_MAIL_SUBJECT);
    // The list shows the invited admin as it shows a new one: it tells no more than the answer did.
    const rows = centreListResponseSchema.parse((await list(franchisor, franchiseId, '&pageSize=100')).json()).data;
    expect(rows.find((row) => row.id === invitation?.companyId)?.adminEmail).toBe('poseur@demo.garage.fr');
    // Accepting with the account's own password makes the centre's fitter row theirs.
    const token = /\/invitation\/([\w-]+)/.exec(mail?.body ?? '')?.[1];
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/invitation/${token}`,
      payload: { password: DEMO_PASSWORD },
    });
    expect(accepted.statusCode).toBe(204);
    const [fitterRow] = await app.db
      .select({ userId: technicians.userId })
      .from(technicians)
      .where(eq(technicians.companyId, invitation?.companyId ?? 0));
    expect(fitterRow?.userId).toBe(fitterId);
    const sameSiret = await create(
      centrePayload(franchiseId, { company: { siret: first.company.siret, tvaNumber: first.company.tvaNumber } }),
    );
    expect(sameSiret.statusCode).toBe(409);
    expect(sameSiret.json().message).toBe(CENTRE_SIRET_TAKEN);
  });

  it('writes everything in one transaction: a failure in the middle leaves nothing', async () => {
    const payload = centrePayload(franchiseId);
    const input = (await import('contracts')).centreBodySchema.parse(payload);
    await expect(
      createCentre(app.db, input, {
        franchiseId,
        invitedBy: 1,
        activationLink: () => {
          throw new Error('mail service down');
        },
        invitationLink: () => {
          throw new Error('mail service down');
        },
      }),
    ).rejects.toThrow('mail service down');
    expect(await app.db.select().from(companies).where(eq(companies.siret, payload.company.siret))).toEqual([]);
    expect(await app.db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
    expect(await app.db.select().from(outbox).where(eq(outbox.to, payload.email))).toEqual([]);
  });
});

describe('who may list and add centres', () => {
  it('lists the franchise’s centres by name, with their admin, without the head office', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const page = centreListResponseSchema.parse(response.json());
    const names = page.data.map((row) => row.centreName);
    expect(names).toContain('Vitrage Express Lyon');
    expect(names).not.toContain('Vitrage Express Siège');
    expect(names).not.toContain('Garage du Centre');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(page.data.find((row) => row.centreName === 'Vitrage Express Lyon')).toMatchObject({
      centreSiret: '82345678500026',
      adminEmail: 'poseur.admin@demo.garage.fr',
      adminName: 'Julien Moreau',
    });
    const sorted = centreListResponseSchema.parse(
      (await list(franchisor, franchiseId, '&sortField=0&sortDir=desc')).json(),
    );
    expect(sorted.data[0]?.centreName.localeCompare(sorted.data.at(-1)?.centreName ?? '')).toBeGreaterThan(0);
    expect((await list(superAdmin)).statusCode).toBe(200);
  });

  it('finds a centre’s name typed without its accents, and its SIRET typed with spaces (the one paged list search)', async () => {
    const payload = centrePayload(franchiseId, { company: { name: 'Vitrage Express Nîmes Lefèvre' } });
    expect((await create(payload)).statusCode).toBe(201);
    const search = async (term: string) =>
      centreListResponseSchema
        .parse((await list(franchisor, franchiseId, `&search=${encodeURIComponent(term)}`)).json())
        .data.map((row) => row.centreName);
    expect(await search('nimes lefevre')).toEqual(['Vitrage Express Nîmes Lefèvre']);
    const siret = payload.company.siret;
    expect(await search(`${siret.slice(0, 3)} ${siret.slice(3, 6)}`)).toContain('Vitrage Express Nîmes Lefèvre');
  });

  it('refuses a centre admin (403) and another franchise’s id, listing nothing', async () => {
    const admin = await list(centreAdmin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().data).toBeUndefined();
    expect((await create(centrePayload(franchiseId), centreAdmin)).statusCode).toBe(403);

    const [other] = await app.db.insert(franchises).values({ name: 'Autre Réseau' }).returning();
    const otherId = other?.id ?? 0;
    await app.db.insert(companies).values({ name: 'Autre Réseau Tours', franchiseId: otherId, siret: validSiret() });
    const foreign = await list(franchisor, otherId);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().data).toBeUndefined();
    const payload = centrePayload(otherId);
    expect((await create(payload, franchisor, otherId)).statusCode).toBe(403);
    expect(await app.db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
    // The body cannot smuggle another franchise either.
    const smuggled = await create(centrePayload(franchiseId, { company: { franchiseId: otherId } }));
    expect(smuggled.statusCode).toBe(400);
    expect((await list(franchisor, 999_999)).statusCode).toBe(403);
    expect((await list(superAdmin, 999_999)).statusCode).toBe(404);
  });
});

describe('activation', () => {
  it('lets the admin choose their own password from the link, once, then sign in with it', async () => {
    const payload = centrePayload(franchiseId, { plainPassword: 'Choisi2026!' });
    expect((await create(payload)).statusCode).toBe(201);
    // A password sent by an older client is not read: nobody but the admin knows the account's password.
    expect((await loginResponse(app, payload.email, 'Choisi2026!')).statusCode).toBe(401);

    const token = await activationTokenOf(app, payload.email);
    const info = await app.inject({ method: 'GET', url: `/api/activation/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: payload.email, firstname: 'Lucie', setsPassword: true });
    const bare = await app.inject({ method: 'POST', url: `/api/activation/${token}` });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(ACTIVATION_PASSWORD_REQUIRED);
    const password = 'Lucie-Nantes-2026';
    const activated = await app.inject({
      method: 'POST',
      url: `/api/activation/${token}`,
      payload: { password, confirmation: password },
    });
    expect(activated.statusCode, activated.body).toBe(204);
    const again = await app.inject({
      method: 'POST',
      url: `/api/activation/${token}`,
      payload: { password: 'Autre-2026-mot', confirmation: 'Autre-2026-mot' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('Ce compte est déjà activé');
    expect((await app.inject({ method: 'GET', url: `/api/activation/${token}` })).statusCode).toBe(410);

    // A new centre requires a second factor of its admin: the first sign-in enrols one, as the login
    // page does, with the first code of the secret it shows.
    const after = await loginResponse(app, payload.email, password);
    expect(after.statusCode).toBe(200);
    const enrol = after.json();
    expect(enrol.step).toBe('enrol');
    const opened = await secondFactor(app, enrol.challenge, codeAt(enrol.secret));
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = opened.cookies.find((c) => c.name === 'garage_session');
    const infos = await app.inject({
      method: 'GET',
      url: '/api/company/infos',
      headers: { cookie: `garage_session=${cookie?.value}` },
    });
    expect(infos.json().companies).toEqual([expect.objectContaining({ name: payload.company.name })]);
  });

  it('refuses an expired link and an unknown one', async () => {
    const payload = centrePayload(franchiseId);
    expect((await create(payload)).statusCode).toBe(201);
    const token = await activationTokenOf(app, payload.email);
    const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, payload.email));
    await app.db
      .update(activationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(activationTokens.userId, admin?.id ?? 0));
    const read = await app.inject({ method: 'GET', url: `/api/activation/${token}` });
    expect(read.statusCode).toBe(410);
    expect(read.json().message).toBe('Ce lien d’activation a expiré');
    const post = await app.inject({ method: 'POST', url: `/api/activation/${token}` });
    expect(post.statusCode).toBe(410);
    const unknown = await app.inject({ method: 'POST', url: '/api/activation/inconnu' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Lien d’activation invalide');
  });

  it('lets the demo accounts (activated) sign in as before', async () => {
    expect((await loginResponse(app, 'poseur@demo.garage.fr')).statusCode).toBe(200);
  });
});
