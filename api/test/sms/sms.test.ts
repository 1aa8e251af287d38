import {
  APPOINTMENT_DATE_FIELD,
  appointmentReminderAt,
  type FolderSms,
  folderSmsListSchema,
  SMS_EMPTY_MESSAGE,
  SMS_NO_MOBILE_MESSAGE,
  SMS_OPTED_OUT_MESSAGE,
  SMS_TOO_LONG_MESSAGE,
} from 'contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderHistory, outbox } from '../../src/db/schema';
import { MAX_ATTEMPTS } from '../../src/modules/outbox/dispatch';
import { brevoSmsProvider } from '../../src/modules/sending/sms-provider';
import { oneSmsProvider, sendPendingSms } from '../../src/modules/sms/dispatcher';
import { insertTestFolder } from '../../test-support/folder-fixture';
import { createTestApp, login, multipart, ownTestGarage } from '../helpers';
import { startSmsProvider } from '../sms-provider';

/*
 * SMS that leave: appointment confirmation and reminder written from the garage's templates when an
 * appointment is booked, the reminder due the day before at 10:00 Paris time and sent once; a rescheduled
 * appointment cancels what was not sent; « STOP » honoured; the provider's refusals retried with back-off; an SMS
 * written from the folder; every one in the folder's list with its status; other garages kept out. The provider is
 * a real HTTP server speaking Brevo's API.
 */

const API_KEY = 'cle-de-test';
const INBOUND_TOKEN = 'jeton-des-reponses';
const MOBILE = '07 98 76 54 32';

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let other: Awaited<ReturnType<typeof ownTestGarage>>;
let provider: Awaited<ReturnType<typeof startSmsProvider>>;
let sms: ReturnType<typeof brevoSmsProvider>;
let templateIds: Record<string, number>;

beforeAll(async () => {
  provider = await startSmsProvider(API_KEY);
  // No key in the app's config: the loop stays off and the test drives the passes itself.
  app = await createTestApp({ testRoutes: true, config: { smsInboundToken: INBOUND_TOKEN } });
  sms = brevoSmsProvider({ apiUrl: provider.url, apiKey: API_KEY, sender: 'GARAGETEST' });
  garage = await ownTestGarage(app);
  other = await ownTestGarage(app);
  templateIds = {};
  for (const [purpose, content] of [
    ['appointment_confirmation', '<p>#GARAGE# : RDV confirme le #DATE# a #HEURE# pour #PLAQUE#.</p>'],
    ['appointment_reminder', '<p>Rappel : RDV demain a #HEURE# (#PLAQUE#).</p>'],
    ['vehicle_ready', '<p>Votre vehicule #PLAQUE# est pret.</p>'],
  ] as const) {
    const response = await post('/api/message_template/sms/new', garage.cookie, {
      type: 'sms',
      subject: purpose,
      content,
      purpose,
    });
    expect(response.statusCode, response.body).toBe(201);
    templateIds[purpose] = response.json().id;
  }
  // Only this file's SMS go through the passes below: what the seed left pending is set aside.
  await app.db
    .update(outbox)
    .set({ sentAt: sql`now()` })
    .where(and(eq(outbox.channel, 'sms'), isNull(outbox.sentAt)));
});

afterAll(async () => {
  await app?.close();
  await provider?.close();
});

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const book = async (folderId: number, at: Date | '', cookie = garage.cookie) => {
  const body = await multipart({
    folderId: String(folderId),
    [APPOINTMENT_DATE_FIELD]: at === '' ? '' : at.toISOString(),
    scheduled: '1',
  });
  return app.inject({
    method: 'PUT',
    url: `/api/folder/${folderId}/appointment/update`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const listOf = async (folderId: number, cookie = garage.cookie): Promise<FolderSms[]> => {
  const response = await app.inject({ method: 'GET', url: `/api/folder/${folderId}/sms`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return folderSmsListSchema.parse(response.json()).items;
};
const pass = () => sendPendingSms(app.db, oneSmsProvider(sms));
/** The clock moved forward: the SMS's due time (its reminder hour, or its retry) has come. */
const makeDue = (id: number) =>
  app.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outbox.id, id));
const inDays = (days: number, hour = 14) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 30, 0, 0);
  return at;
};

describe('appointment SMS', () => {
  it('booking writes a confirmation sent at once and a reminder due the day before at 10:00 Paris, sent once', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: MOBILE, plate: 'AB123CD' });
    const at = inDays(4);
    const booked = await book(folder.id, at);
    expect(booked.statusCode, booked.body).toBe(200);

    const [reminder, confirmation] = await listOf(folder.id);
    expect(confirmation).toMatchObject({
      purpose: 'appointment_confirmation',
      // This app has no SMS provider: the card says the SMS waits for one.
      status: 'no_server',
      to: '07 •• •• •• 32',
    });
    expect(confirmation?.text).toMatch(/RDV confirme le \d\d\/\d\d\/\d{4} a \d\dh30 pour AB-123-CD\./);
    expect(reminder).toMatchObject({ purpose: 'appointment_reminder', status: 'scheduled', segments: 1 });
    expect(reminder?.dueAt).toBe(appointmentReminderAt(at).toISOString());
    // The reminder's hour is 10:00 on Paris clocks, the day before.
    const paris = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      dateStyle: 'short',
      timeStyle: 'short',
    });
    expect(paris.format(new Date(reminder?.dueAt ?? ''))).toBe(
      `${paris.format(new Date(at.getTime() - 86_400_000)).slice(0, 10)} 10:00`,
    );

    const before = provider.received.length;
    expect(await pass()).toEqual({ sent: 1, failed: 0 });
    expect(provider.received.slice(before)).toEqual([
      expect.objectContaining({ recipient: '33798765432', sender: 'GARAGETEST', type: 'transactional' }),
    ]);
    // Not before its time...
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
    // ...then once.
    await makeDue(reminder?.id ?? 0);
    expect(await pass()).toEqual({ sent: 1, failed: 0 });
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
    expect(provider.received.slice(before).map((received) => received.content)).toEqual([
      confirmation?.text,
      reminder?.text,
    ]);
    expect((await listOf(folder.id)).map((row) => row.status)).toEqual(['sent', 'sent']);
    const history = await app.db
      .select({ field: folderHistory.field })
      .from(folderHistory)
      .where(and(eq(folderHistory.folderId, folder.id), eq(folderHistory.kind, 'sms')));
    expect(history.map((row) => row.field).sort()).toEqual(['appointment_confirmation', 'appointment_reminder']);
  });

  it('moving the appointment cancels the reminder not sent and writes new ones; cancelling writes none', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: MOBILE });
    await book(folder.id, inDays(5));
    await book(folder.id, inDays(6));
    const statuses = (await listOf(folder.id)).map((row) => [row.purpose, row.status]);
    expect(statuses).toEqual([
      ['appointment_reminder', 'scheduled'],
      ['appointment_confirmation', 'no_server'],
      ['appointment_reminder', 'cancelled'],
      ['appointment_confirmation', 'cancelled'],
    ]);
    await book(folder.id, '');
    expect((await listOf(folder.id)).filter((row) => row.status !== 'cancelled')).toEqual([]);
  });

  it('writes no reminder whose hour has passed, and nothing without a French mobile number', async () => {
    const tomorrowEarly = await insertTestFolder(app.db, garage.companyId, { phone: MOBILE });
    await book(tomorrowEarly.id, new Date(Date.now() + 3_600_000));
    expect((await listOf(tomorrowEarly.id)).map((row) => row.purpose)).toEqual(['appointment_confirmation']);
    const landline = await insertTestFolder(app.db, garage.companyId, { phone: '04 78 00 11 22' });
    await book(landline.id, inDays(3));
    expect(await listOf(landline.id)).toEqual([]);
  });

  it('a garage without templates for them sends no automatic SMS', async () => {
    const folder = await insertTestFolder(app.db, other.companyId, { phone: MOBILE });
    expect((await book(folder.id, inDays(3), other.cookie)).statusCode).toBe(200);
    expect(await listOf(folder.id, other.cookie)).toEqual([]);
  });
});

describe('an SMS written from the folder', () => {
  it('the card offers the garage’s SMS templates filled for the folder, and says whether it can be texted', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: MOBILE, plate: 'JK789LM' });
    const response = await app.inject({
      method: 'GET',
      url: `/api/folder/${folder.id}/sms`,
      headers: { cookie: garage.cookie },
    });
    const card = folderSmsListSchema.parse(response.json());
    expect(card).toMatchObject({ mobile: true, optedOut: false, items: [] });
    expect(card.templates.find((template) => template.purpose === 'vehicle_ready')).toMatchObject({
      id: templateIds.vehicle_ready,
      text: 'Votre vehicule JK-789-LM est pret.',
    });
    const landline = await insertTestFolder(app.db, garage.companyId, { phone: '05 56 00 00 00' });
    const other = await app.inject({
      method: 'GET',
      url: `/api/folder/${landline.id}/sms`,
      headers: { cookie: garage.cookie },
    });
    expect(folderSmsListSchema.parse(other.json()).mobile).toBe(false);
  });

  it('sends a template’s text with its placeholders filled; UCS-2 text goes as Unicode', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: MOBILE, plate: 'EF456GH' });
    const response = await post(`/api/folder/${folder.id}/sms`, garage.cookie, {
      text: 'Votre véhicule #PLAQUE# est prêt, à bientôt.',
      templateId: templateIds.vehicle_ready,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await listOf(folder.id);
    expect(row).toMatchObject({ purpose: 'vehicle_ready', text: 'Votre véhicule EF-456-GH est prêt, à bientôt.' });
    await pass();
    expect(provider.received.filter((received) => received.content.includes('EF-456-GH'))).toEqual([
      expect.objectContaining({ content: 'Votre véhicule EF-456-GH est prêt, à bientôt.', unicodeEnabled: true }),
    ]);
  });

  it('refuses in French and writes nothing: empty, too long, no mobile, another garage’s template', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: MOBILE });
    const send = (payload: object, id = folder.id) => post(`/api/folder/${id}/sms`, garage.cookie, payload);
    expect((await send({ text: '   ' })).json().message).toBe(SMS_EMPTY_MESSAGE);
    expect((await send({ text: 'a'.repeat(153 * 6 + 1) })).json().message).toBe(SMS_TOO_LONG_MESSAGE);
    const landline = await insertTestFolder(app.db, garage.companyId, { phone: '01 23 45 67 89' });
    const noMobile = await send({ text: 'Bonjour' }, landline.id);
    expect([noMobile.statusCode, noMobile.json().message]).toEqual([409, SMS_NO_MOBILE_MESSAGE]);
    const foreign = await post('/api/message_template/sms/new', other.cookie, {
      type: 'sms',
      subject: 'Autre garage',
      content: '<p>Bonjour</p>',
    });
    expect((await send({ text: 'Bonjour', templateId: foreign.json().id })).statusCode).toBe(400);
    expect(await listOf(folder.id)).toEqual([]);
    expect(await listOf(landline.id)).toEqual([]);
  });

  it('keeps other garages and fitters out', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: MOBILE });
    const outsider = await app.inject({
      method: 'GET',
      url: `/api/folder/${folder.id}/sms`,
      headers: { cookie: other.cookie },
    });
    expect(outsider.statusCode).toBe(404);
    expect((await post(`/api/folder/${folder.id}/sms`, other.cookie, { text: 'Bonjour' })).statusCode).toBe(404);
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect((await post(`/api/folder/${folder.id}/sms`, fitter, { text: 'Bonjour' })).statusCode).toBe(403);
    expect(await listOf(folder.id)).toEqual([]);
  });
});

describe('provider failures and STOP', () => {
  it('retries a refused SMS with back-off, then sends it once', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: '06 55 44 33 22' });
    await post(`/api/folder/${folder.id}/sms`, garage.cookie, { text: 'Votre devis est pret' });
    provider.failNext(1);
    expect(await pass()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await listOf(folder.id);
    expect(failed).toMatchObject({ status: 'retrying', error: 'HTTP 500: Service temporarily unavailable' });
    const [row] = await app.db
      .select({ wait: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - now())::int` })
      .from(outbox)
      .where(eq(outbox.id, failed?.id ?? 0));
    expect(row?.wait).toBeGreaterThan(50);
    expect(row?.wait).toBeLessThanOrEqual(60);
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
    await makeDue(failed?.id ?? 0);
    expect(await pass()).toEqual({ sent: 1, failed: 0 });
    expect((await listOf(folder.id))[0]).toMatchObject({ status: 'sent', error: null });
  });

  it('gives a refused SMS up after its last allowed attempt, and says so', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: '06 55 44 33 21' });
    await post(`/api/folder/${folder.id}/sms`, garage.cookie, { text: 'Votre devis est pret' });
    const [queued] = await listOf(folder.id);
    await app.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, queued?.id ?? 0));
    provider.failNext(1);
    expect(await pass()).toEqual({ sent: 0, failed: 1 });
    expect((await listOf(folder.id))[0]).toMatchObject({
      status: 'failed',
      error: 'HTTP 500: Service temporarily unavailable',
    });
    expect(await pass()).toEqual({ sent: 0, failed: 0 });
  });

  it('a STOP reply cancels what waits and refuses any later SMS to that number', async () => {
    const folder = await insertTestFolder(app.db, garage.companyId, { phone: '06 12 12 12 12' });
    await book(folder.id, inDays(8));
    const inbound = (token: string | undefined, text: string) =>
      app.inject({
        method: 'POST',
        url: '/api/sms/inbound',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { from: '+33612121212', text },
      });
    expect((await inbound(undefined, 'STOP')).statusCode).toBe(401);
    expect((await inbound('mauvais', 'STOP')).statusCode).toBe(401);
    expect((await inbound(INBOUND_TOKEN, 'Merci, à demain')).json()).toEqual({ optedOut: false });
    expect((await inbound(INBOUND_TOKEN, 'Stop merci')).json()).toEqual({ optedOut: true });
    expect((await listOf(folder.id)).map((row) => row.status)).toEqual(['opted_out', 'opted_out']);
    const refused = await post(`/api/folder/${folder.id}/sms`, garage.cookie, { text: 'Bonjour' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, SMS_OPTED_OUT_MESSAGE]);
    // An SMS written anyway (a notification to that number) is cancelled by the dispatcher, never sent.
    await app.db.insert(outbox).values({ channel: 'sms', to: '0612121212', body: 'Notification', folderId: folder.id });
    const before = provider.received.length;
    await pass();
    expect(provider.received.length).toBe(before);
    expect((await listOf(folder.id))[0]?.status).toBe('opted_out');
  });

  it('answers 404 on the replies route when no token is configured', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.inject({
        method: 'POST',
        url: '/api/sms/inbound',
        payload: { from: '+33612121212', text: 'STOP' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
