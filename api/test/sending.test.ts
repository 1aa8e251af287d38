import { type SendingSettings, sendingSettingsSchema, sendingTestResultSchema } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, outbox, sendingSettings } from '../src/db/schema';
import { sendPendingMails } from '../src/modules/mail/dispatcher';
import { sendPendingSms } from '../src/modules/sms/dispatcher';
import { createTestApp, login, ownTestGarage } from './helpers';
import { startSmsProvider } from './sms-provider';
import { startSmtpServer } from './smtp-server';

/*
 * « Envoi des e-mails et SMS »: a garage's own SMTP server and SMS provider, or its network's, each password sealed;
 * « Envoyer un test » answers what the server said; the outbox sends each message through its garage's setting and
 * says « Aucun serveur d'envoi configuré » while there is none.
 */

const AUTH = { user: 'garage', password: 'secret-smtp-2026' };
const SMS_KEY = 'cle-sms-du-garage';
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sms: Awaited<ReturnType<typeof startSmsProvider>>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  smtp = await startSmtpServer({ auth: AUTH, refused: 'inconnu@test.example.fr' });
  sms = await startSmsProvider(SMS_KEY);
});
afterAll(async () => {
  await smtp?.close();
  await sms?.close();
  await app?.close();
});

type Garage = { companyId: number; cookie: string };
const call = (garage: Garage, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/company/${garage.companyId}/sending${path}`,
    headers: { cookie: garage.cookie },
    payload,
  });
const settingsOf = async (garage: Garage): Promise<SendingSettings> => {
  const response = await call(garage, 'GET', '');
  expect(response.statusCode, response.body).toBe(200);
  return sendingSettingsSchema.parse(response.json());
};
const mailServer = (password?: string) => ({
  host: '127.0.0.1',
  port: smtp.port,
  security: 'none',
  username: AUTH.user,
  fromAddress: 'atelier@garage-essai.fr',
  fromName: 'Garage « Essai »',
  ...(password === undefined ? {} : { password }),
});
const smsProvider = () => ({ apiUrl: `${sms.url}/`, sender: 'GARAGE', apiKey: SMS_KEY });
const queueMail = async (companyId: number, to: string) => {
  const [row] = await app.db
    .insert(outbox)
    .values({ channel: 'mail', companyId, to, subject: 'Votre véhicule', body: 'Il est prêt.' })
    .returning();
  if (!row) throw new Error('mail not queued');
  return row;
};
const rowOf = async (id: number) => (await app.db.select().from(outbox).where(eq(outbox.id, id)))[0];
/** Only this garage's rows: other files' garages share the database. */
const mailsOf = (companyId: number) => (id: number | null) => app.senders.mailFor(id === companyId ? id : null);

describe('a garage’s own mail server', () => {
  it('saves it with the password sealed, never answers the password, and tests it', async () => {
    const garage = await ownTestGarage(app);
    expect((await settingsOf(garage)).mail).toEqual({ garage: null, network: null, source: 'none' });

    const saved = await call(garage, 'PUT', '/mail', { level: 'garage', server: mailServer(AUTH.password) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(AUTH.password);
    const { mail } = sendingSettingsSchema.parse(saved.json());
    expect(mail.source).toBe('garage');
    expect(mail.garage).toMatchObject({ host: '127.0.0.1', passwordSet: true, fromName: 'Garage « Essai »' });
    const [stored] = await app.db.select().from(sendingSettings).where(eq(sendingSettings.companyId, garage.companyId));
    expect(stored?.secret).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(AUTH.password);

    const test = await call(garage, 'POST', '/mail/test', { to: 'patron@garage-essai.fr' });
    expect(test.statusCode, test.body).toBe(200);
    expect(sendingTestResultSchema.parse(test.json())).toEqual({
      sent: true,
      detail: 'Accepté par le serveur : le message est parti',
    });
    const received = smtp.received.find((message) => message.envelopeTo.includes('patron@garage-essai.fr'));
    expect(received?.from).toBe('"Garage « Essai »" <atelier@garage-essai.fr>');
    const [row] = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.companyId, garage.companyId), eq(outbox.to, 'patron@garage-essai.fr')));
    expect(row?.sentAt).not.toBeNull();

    // Saved again without a password: the stored one is kept (the form never shows it back).
    const again = await call(garage, 'PUT', '/mail', { level: 'garage', server: { ...mailServer(), port: smtp.port } });
    expect(again.statusCode, again.body).toBe(200);
    expect(sendingSettingsSchema.parse(again.json()).mail.garage?.passwordSet).toBe(true);
    const retest = await call(garage, 'POST', '/mail/test', { to: 'patron2@garage-essai.fr' });
    expect(retest.json()).toMatchObject({ sent: true });
  });

  it('says what the server answered when it refuses, and keeps the refusal on the row', async () => {
    const garage = await ownTestGarage(app);
    await call(garage, 'PUT', '/mail', { level: 'garage', server: mailServer('mauvais-mot-de-passe') });
    const test = await call(garage, 'POST', '/mail/test', { to: 'patron@garage-essai.fr' });
    const result = sendingTestResultSchema.parse(test.json());
    expect(result.sent).toBe(false);
    expect(result.detail).toMatch(/^Refusé par le serveur : EAUTH/);
    expect(result.detail).not.toContain('mauvais-mot-de-passe');
    const [row] = await app.db.select().from(outbox).where(eq(outbox.companyId, garage.companyId));
    expect(row).toMatchObject({ sentAt: null, nextAttemptAt: null });
    expect(row?.lastError).toContain('EAUTH');
  });

  it('refuses a wrong setting in French and saves nothing; a test without a server is refused', async () => {
    const garage = await ownTestGarage(app);
    const wrong = await call(garage, 'PUT', '/mail', {
      level: 'garage',
      server: { ...mailServer('x'), host: 'smtp exemple', fromAddress: 'atelier@' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Nom d’hôte ou adresse IP du serveur invalide');
    expect((await settingsOf(garage)).mail.garage).toBeNull();
    const test = await call(garage, 'POST', '/mail/test', { to: 'patron@garage-essai.fr' });
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toContain('Aucun serveur d’envoi configuré');
    const badTo = await call(garage, 'POST', '/sms/test', { to: '01 02 03 04 05' });
    expect(badTo.statusCode).toBe(400);
  });
});

describe('saving at once', () => {
  it('keeps one setting per garage and channel when two saves (two admins, two starting instances) meet', async () => {
    const garage = await ownTestGarage(app);
    const saves = await Promise.all(
      ['smtp-a.exemple.fr', 'smtp-b.exemple.fr', 'smtp-c.exemple.fr'].map((host) =>
        call(garage, 'PUT', '/mail', { level: 'garage', server: { ...mailServer('x'), host } }),
      ),
    );
    expect(saves.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const rows = await app.db.select().from(sendingSettings).where(eq(sendingSettings.companyId, garage.companyId));
    expect(rows).toHaveLength(1);
  });
});

describe('the outbox and the garage’s server', () => {
  it('keeps a mail untried while the garage has no server, says so, and sends it once one is saved', async () => {
    const garage = await ownTestGarage(app);
    const mail = await queueMail(garage.companyId, 'client@garage-essai.fr');
    expect(await sendPendingMails(app.db, mailsOf(garage.companyId))).toEqual({ sent: 0, failed: 0 });
    // Handed back untried: its attempt is not counted, it is looked at again later.
    const waiting = await rowOf(mail.id);
    expect(waiting).toMatchObject({ attempts: 0, sentAt: null, lastError: null });
    expect(waiting?.nextAttemptAt).not.toBeNull();

    await call(garage, 'PUT', '/mail', { level: 'garage', server: mailServer(AUTH.password) });
    // Saving a server wakes what waited for one.
    expect((await rowOf(mail.id))?.nextAttemptAt).toBeNull();
    expect(await sendPendingMails(app.db, mailsOf(garage.companyId))).toEqual({ sent: 1, failed: 0 });
    const sent = await rowOf(mail.id);
    expect(sent?.sentAt).not.toBeNull();
    // The Message-ID the server took is kept.
    expect(sent?.providerMessageId).toMatch(/^<.+@.+>$/);
    expect(smtp.received.some((message) => message.envelopeTo.includes('client@garage-essai.fr'))).toBe(true);
  });

  it('sends SMS through the garage’s provider; « Envoyer un test » reaches it', async () => {
    const garage = await ownTestGarage(app);
    const saved = await call(garage, 'PUT', '/sms', { level: 'garage', provider: smsProvider() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(SMS_KEY);
    expect(sendingSettingsSchema.parse(saved.json()).sms).toMatchObject({
      source: 'garage',
      garage: { apiKeySet: true },
    });
    const test = await call(garage, 'POST', '/sms/test', { to: '06 12 34 56 78' });
    expect(test.json()).toEqual({ sent: true, detail: 'Accepté par le serveur : le message est parti' });
    expect(sms.received.at(-1)).toMatchObject({ recipient: '33612345678', sender: 'GARAGE' });

    const [queued] = await app.db
      .insert(outbox)
      .values({ channel: 'sms', companyId: garage.companyId, to: '+33698765432', body: 'Votre véhicule est prêt' })
      .returning({ id: outbox.id });
    const smsOf = (id: number | null) => app.senders.smsFor(id === garage.companyId ? id : null);
    expect(await sendPendingSms(app.db, smsOf)).toEqual({ sent: 1, failed: 0 });
    expect(sms.received.at(-1)?.recipient).toBe('33698765432');
    expect((await rowOf(queued?.id ?? 0))?.providerMessageId).toBeTruthy();

    // Removed: the garage falls back to its network, here none, so nothing sends.
    const removed = await call(garage, 'DELETE', '/sms?level=garage');
    expect(sendingSettingsSchema.parse(removed.json()).sms.source).toBe('none');
  });
});

describe('the network’s setting', () => {
  it('is set by the head office alone, used by every garage without its own, and a garage’s own wins', async () => {
    const head = await ownTestGarageOf('franchiseur@demo.garage.fr', true);
    const centre = await ownTestGarage(app);
    await app.db.update(companies).set({ franchiseId: head.franchiseId }).where(eq(companies.id, centre.companyId));

    // The centre's admin may not set the whole network.
    const refused = await call(centre, 'PUT', '/mail', { level: 'network', server: mailServer(AUTH.password) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Seul le siège du réseau règle l’envoi de tout le réseau');
    expect((await settingsOf(centre)).network).toMatchObject({ id: head.franchiseId, editable: false });

    const saved = await call(head, 'PUT', '/mail', { level: 'network', server: mailServer(AUTH.password) });
    expect(saved.statusCode, saved.body).toBe(200);
    const seen = await settingsOf(centre);
    expect(seen.mail).toMatchObject({ source: 'network', garage: null, network: { passwordSet: true } });
    expect(await app.senders.mailFor(centre.companyId)).not.toBeNull();

    await call(centre, 'PUT', '/mail', { level: 'garage', server: { ...mailServer('autre'), fromName: 'Le centre' } });
    expect((await settingsOf(centre)).mail.source).toBe('garage');
    expect((await app.senders.mailFor(centre.companyId))?.from).toBe('"Le centre" <atelier@garage-essai.fr>');

    // An independent garage has no network to set.
    const independent = await ownTestGarage(app);
    const alone = await call(independent, 'PUT', '/sms', { level: 'network', provider: smsProvider() });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe('Ce garage n’appartient à aucun réseau : réglez l’envoi pour le garage');
  });

  it('is out of reach of another garage’s admin, and of roles without the garage settings', async () => {
    const mine = await ownTestGarage(app);
    const other = await ownTestGarage(app);
    const intruder = { companyId: other.companyId, cookie: mine.cookie };
    expect((await call(intruder, 'GET', '')).statusCode).toBe(403);
    expect((await call(intruder, 'PUT', '/mail', { level: 'garage', server: mailServer('x') })).statusCode).toBe(403);
    expect((await call(intruder, 'POST', '/mail/test', { to: 'a@b.fr' })).statusCode).toBe(403);
    expect((await call(intruder, 'DELETE', '/mail?level=garage')).statusCode).toBe(403);
    const fitter = await ownTestGarageOf('poseur@demo.garage.fr', false);
    expect((await call(fitter, 'GET', '')).statusCode).toBe(403);
    expect(await app.db.select().from(sendingSettings).where(eq(sendingSettings.companyId, other.companyId))).toEqual(
      [],
    );
  });
});

async function ownTestGarageOf(email: string, ownFranchise: boolean) {
  const created = await app.inject({ method: 'POST', url: '/api/test/garage', payload: { email, ownFranchise } });
  expect(created.statusCode, created.body).toBe(201);
  const garage = created.json() as { email: string; companyId: number; franchiseId: number | null };
  return { ...garage, cookie: await login(app, garage.email) };
}
