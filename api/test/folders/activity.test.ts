import {
  APPOINTMENT_COMMENT_FIELD,
  APPOINTMENT_DATE_FIELD,
  APPOINTMENT_MINUTES_FIELD,
  APPOINTMENT_PAST_MESSAGE,
  APPOINTMENT_TECHNICIAN_FIELD,
  CALENDAR_DURATION_MESSAGE,
  CALENDAR_TECHNICIAN_INVALID,
  CLOSING_FIELDS,
  CLOSING_REQUIRED,
  FOLDER_CLOSED_MESSAGE,
  folderDetailSchema,
  SEND_NEEDS_INSURER,
  TASK_STATUS_BLOCKED_MESSAGE,
  WORKS_NOT_INSURED_MESSAGE,
} from 'contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderHistory, folderStatuses, folders, notifications, technicians } from '../../src/db/schema';
import { createTestApp, login, multipart } from '../helpers';
import { companyId, userId } from '../notifications/fixtures';
import { createFolder } from './fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let parisCmd: string;
let lyon: number;
let paris: number;

beforeAll(async () => {
  app = await createTestApp();
  [lyonAdmin, parisCmd] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
  ]);
  [lyon, paris] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'paris')]);
});
afterAll(() => app.close());

const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
/** The folder's history, newest first, without its SMS lines (test/sms/sms.test.ts follows those). */
const historyOf = (id: number) =>
  app.db
    .select()
    .from(folderHistory)
    .where(and(eq(folderHistory.folderId, id), ne(folderHistory.kind, 'sms')))
    .orderBy(desc(folderHistory.id));
const folderRow = async (id: number) => (await app.db.select().from(folders).where(eq(folders.id, id)))[0];
const statusCode = async (id: number) => {
  const [row] = await app.db
    .select({ code: folderStatuses.code })
    .from(folders)
    .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
    .where(eq(folders.id, id));
  return row?.code;
};

const CLOSE_ANSWERS = { assured: 1, docmqt: 1, franchise: 1, ctvalid: 1, primeInvalid: 1, isNbKm: 1, travaux: 1 };

describe('appointment update (form data)', () => {
  const appointment = async (id: number, cookie: string, fields: Record<string, string>, method = 'PUT') => {
    const body = await multipart(fields);
    return app.inject({
      method: method as 'PUT',
      url: `/api/folder/${id}/appointment/update`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

  it('sets the date and the sanitized comment, with a history row giving old and new dates', async () => {
    const { id } = await createFolder(app, lyon);
    const at = tomorrow();
    const response = await appointment(id, lyonAdmin, {
      [APPOINTMENT_DATE_FIELD]: at,
      [APPOINTMENT_COMMENT_FIELD]: '<p>Client au <strong>garage</strong></p><img src=x onerror=alert(1)>',
      folderId: String(id),
      scheduled: '1',
    });
    expect(response.statusCode).toBe(200);
    const folder = folderDetailSchema.parse(response.json());
    expect(folder.appointmentAt).toBe(at);
    expect(folder.appointmentComment).toContain('<strong>garage</strong>');
    expect(folder.appointmentComment).not.toContain('onerror');
    const [moved, entry] = await historyOf(id);
    expect(entry).toMatchObject({ kind: 'appointment', oldValue: null, newValue: at });
    // Booked: the open folder moves to « Rendez-vous pris », in its history too.
    expect(moved).toMatchObject({ kind: 'status', oldValue: 'Ouvert', newValue: 'Rendez-vous pris' });
    expect(await statusCode(id)).toBe('appointment');
  });

  it('a folder further along, or closed, keeps its status when an appointment is booked', async () => {
    const { id } = await createFolder(app, lyon);
    const outstanding = await app.db
      .select({ id: folderStatuses.id })
      .from(folderStatuses)
      .where(and(eq(folderStatuses.companyId, lyon), eq(folderStatuses.code, 'outstanding')));
    await app.db
      .update(folders)
      .set({ statusId: outstanding[0]?.id ?? 0 })
      .where(eq(folders.id, id));
    const response = await appointment(id, lyonAdmin, {
      [APPOINTMENT_DATE_FIELD]: tomorrow(),
      folderId: String(id),
      scheduled: '1',
    });
    expect(response.statusCode).toBe(200);
    expect(await statusCode(id)).toBe('outstanding');
    expect((await historyOf(id)).map((row) => row.kind)).not.toContain('status');
  });

  it('also answers POST, and an empty date cancels the appointment', async () => {
    const { id } = await createFolder(app, lyon, { appointmentAt: new Date(Date.now() + 3_600_000) });
    const response = await appointment(
      id,
      lyonAdmin,
      { [APPOINTMENT_DATE_FIELD]: '', folderId: String(id), scheduled: '1' },
      'POST',
    );
    expect(response.statusCode).toBe(200);
    expect((await folderRow(id))?.appointmentAt).toBeNull();
  });

  it('refuses a past date, a missing scheduled flag, another folder id and JSON, changing nothing', async () => {
    const { id } = await createFolder(app, lyon);
    const past = await appointment(id, lyonAdmin, {
      [APPOINTMENT_DATE_FIELD]: '2020-01-01T10:00:00.000Z',
      folderId: String(id),
      scheduled: '1',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(APPOINTMENT_PAST_MESSAGE);
    expect(
      (await appointment(id, lyonAdmin, { [APPOINTMENT_DATE_FIELD]: tomorrow(), folderId: String(id) })).statusCode,
    ).toBe(400);
    expect(
      (
        await appointment(id, lyonAdmin, {
          [APPOINTMENT_DATE_FIELD]: tomorrow(),
          folderId: String(id + 1),
          scheduled: '1',
        })
      ).statusCode,
    ).toBe(400);
    const json = await app.inject({
      method: 'PUT',
      url: `/api/folder/${id}/appointment/update`,
      headers: { cookie: lyonAdmin },
      payload: { folderId: id },
    });
    expect(json.statusCode).toBe(415);
    expect((await folderRow(id))?.appointmentAt).toBeNull();
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('books its length and fitter as the calendar holds them; another garage’s fitter or a bad length changes nothing', async () => {
    const { id } = await createFolder(app, lyon);
    const [lyonFitter] = await app.db.select().from(technicians).where(eq(technicians.companyId, lyon)).limit(1);
    const [parisFitter] = await app.db.select().from(technicians).where(eq(technicians.companyId, paris)).limit(1);
    if (!lyonFitter || !parisFitter) throw new Error('demo fitters missing');
    const base = { [APPOINTMENT_DATE_FIELD]: tomorrow(), folderId: String(id), scheduled: '1' };

    const refused = await appointment(id, lyonAdmin, {
      ...base,
      [APPOINTMENT_TECHNICIAN_FIELD]: String(parisFitter.id),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CALENDAR_TECHNICIAN_INVALID);
    const tooLong = await appointment(id, lyonAdmin, { ...base, [APPOINTMENT_MINUTES_FIELD]: '900' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(CALENDAR_DURATION_MESSAGE);
    expect((await folderRow(id))?.appointmentAt).toBeNull();

    const booked = await appointment(id, lyonAdmin, {
      ...base,
      [APPOINTMENT_MINUTES_FIELD]: '90',
      [APPOINTMENT_TECHNICIAN_FIELD]: String(lyonFitter.id),
    });
    expect(booked.statusCode).toBe(200);
    const folder = folderDetailSchema.parse(booked.json());
    expect(folder.appointmentMinutes).toBe(90);
    expect(folder.technician?.id).toBe(lyonFitter.id);
    // « Sans poseur » is an empty field; a form without the two fields keeps them.
    const none = await appointment(id, lyonAdmin, { ...base, [APPOINTMENT_TECHNICIAN_FIELD]: '' });
    expect(folderDetailSchema.parse(none.json())).toMatchObject({ appointmentMinutes: 90, technician: null });
  });

  it('answers 404 for another company’s folder', async () => {
    const { id } = await createFolder(app, paris);
    const response = await appointment(id, lyonAdmin, {
      [APPOINTMENT_DATE_FIELD]: tomorrow(),
      folderId: String(id),
      scheduled: '1',
    });
    expect(response.statusCode).toBe(404);
    expect((await folderRow(id))?.appointmentAt).toBeNull();
  });
});

describe('POST /api/folder/{id}/close and /reopen', () => {
  it('closes with the seven answers: status, date, history listing them, the owner notified', async () => {
    const owner = await userId(app, 'poseur.admin@demo.garage.fr');
    const { id } = await createFolder(app, lyon, { ownerId: owner });
    const before = await app.db.select().from(notifications).where(eq(notifications.folderId, id));
    const response = await post(`/api/folder/${id}/close`, lyonAdmin, {
      status: 'close',
      ...CLOSE_ANSWERS,
      comment: '<p>Pare-brise posé</p>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().closedAt).not.toBeNull();
    expect(await statusCode(id)).toBe('close');
    const [entry] = await historyOf(id);
    expect(entry?.kind).toBe('close');
    expect(entry?.content).toContain('Travaux : Remplacement réalisé');
    expect(entry?.content).toContain('Pare-brise posé');
    expect((await folderRow(id))?.closing).toMatchObject({ status: 'close', travaux: 1 });
    const after = await app.db.select().from(notifications).where(eq(notifications.folderId, id));
    expect(after.length).toBeGreaterThan(before.length);
  });

  it('makes every closing answer mandatory for "close" only, in French', async () => {
    const { id } = await createFolder(app, lyon);
    const missing = await post(`/api/folder/${id}/close`, lyonAdmin, { status: 'close', assured: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CLOSING_REQUIRED(CLOSING_FIELDS.docmqt));
    expect(await statusCode(id)).toBe('open');
    // Leaving it open needs none of them (only an optional reason), and drops answers of hidden blocks.
    const open = await post(`/api/folder/${id}/close`, lyonAdmin, {
      status: 'open',
      noDispatchReason: 'Photos manquantes',
      travaux: 2,
    });
    expect(open.statusCode).toBe(200);
    expect((await folderRow(id))?.closing).toEqual({ status: 'open', noDispatchReason: 'Photos manquantes' });
  });

  it('enforces the selectors: not insured -> works option 3 only; dispatch blocked -> wait validation only', async () => {
    const { id } = await createFolder(app, lyon);
    const works = await post(`/api/folder/${id}/close`, lyonAdmin, { status: 'close', ...CLOSE_ANSWERS, assured: 2 });
    expect(works.statusCode).toBe(400);
    expect(works.json().message).toBe(WORKS_NOT_INSURED_MESSAGE);
    const blocked = await post(`/api/folder/${id}/close`, lyonAdmin, {
      status: 'outstanding',
      dispatch: 2,
      taskStatus: 'outstanding',
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toBe(TASK_STATUS_BLOCKED_MESSAGE);
    const free = await post(`/api/folder/${id}/close`, lyonAdmin, {
      status: 'wait_validation',
      dispatch: 1,
      taskStatus: 'wait_validation',
    });
    expect(free.statusCode).toBe(400);
    expect(await statusCode(id)).toBe('open');
    const ok = await post(`/api/folder/${id}/close`, lyonAdmin, {
      status: 'wait_validation',
      dispatch: 2,
      taskStatus: 'wait_validation',
    });
    expect(ok.statusCode).toBe(200);
    expect(await statusCode(id)).toBe('wait_validation');
    const notInsured = await post(`/api/folder/${id}/close`, lyonAdmin, {
      status: 'close',
      ...CLOSE_ANSWERS,
      assured: 2,
      travaux: 3,
    });
    expect(notInsured.statusCode).toBe(200);
  });

  it('reopens a closed folder with its reason; refuses an open one, a blank reason, a closed one closed again', async () => {
    const { id } = await createFolder(app, lyon);
    expect((await post(`/api/folder/${id}/reopen`, lyonAdmin, { comment: '<p>Erreur</p>' })).statusCode).toBe(409);
    expect((await post(`/api/folder/${id}/close`, lyonAdmin, { status: 'close', ...CLOSE_ANSWERS })).statusCode).toBe(
      200,
    );
    expect((await post(`/api/folder/${id}/close`, lyonAdmin, { status: 'close', ...CLOSE_ANSWERS })).statusCode).toBe(
      409,
    );
    const blank = await post(`/api/folder/${id}/reopen`, lyonAdmin, { comment: '<p><br></p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Indiquez pourquoi le dossier est rouvert');
    const reopened = await post(`/api/folder/${id}/reopen`, lyonAdmin, { comment: '<p>Fuite après pose</p>' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().closedAt).toBeNull();
    expect(await statusCode(id)).toBe('open');
    const [entry] = await historyOf(id);
    expect(entry).toMatchObject({ kind: 'reopen', newValue: 'Ouvert' });
    expect(entry?.content).toContain('Fuite après pose');
  });

  it('answers 404 for another company’s folder, closing or reopening nothing', async () => {
    const { id } = await createFolder(app, paris);
    expect((await post(`/api/folder/${id}/close`, lyonAdmin, { status: 'close', ...CLOSE_ANSWERS })).statusCode).toBe(
      404,
    );
    expect(await statusCode(id)).toBe('open');
    await post(`/api/folder/${id}/close`, parisCmd, { status: 'close', ...CLOSE_ANSWERS });
    expect((await post(`/api/folder/${id}/reopen`, lyonAdmin, { comment: '<p>x</p>' })).statusCode).toBe(404);
    expect(await statusCode(id)).toBe('close');
  });

  it('serialises two closings of one folder: one wins, the other is told it is already closed', async () => {
    const { id } = await createFolder(app, lyon);
    const answers = await Promise.all(
      [1, 2].map(() => post(`/api/folder/${id}/close`, lyonAdmin, { status: 'close', ...CLOSE_ANSWERS })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await historyOf(id)).filter((entry) => entry.kind === 'close')).toHaveLength(1);
  });
});

describe('sending the folder to its insurer', () => {
  it('records the date, a history row and the sent-folder modal; 0 before', async () => {
    const { id } = await createFolder(app, lyon, { insurer: 'MAIF' });
    const before = await app.inject({
      method: 'GET',
      url: `/invoice/displaySentFolderModal/${id}`,
      headers: { cookie: lyonAdmin },
    });
    expect(before.statusCode).toBe(200);
    expect(before.body).toBe('0');
    const sent = await post(`/api/folder/${id}/send`, lyonAdmin);
    expect(sent.statusCode).toBe(200);
    expect((await historyOf(id))[0]).toMatchObject({ kind: 'sent', newValue: 'MAIF' });
    const modal = await app.inject({
      method: 'GET',
      url: `/invoice/displaySentFolderModal/${id}`,
      headers: { cookie: lyonAdmin },
    });
    expect(modal.headers['content-type']).toContain('text/html');
    expect(modal.body).toContain('déjà été envoyé à <strong>MAIF</strong>');
  });

  it('needs an insurer, and keeps other companies’ folders out (404)', async () => {
    const { id } = await createFolder(app, lyon, { insurer: null });
    const refused = await post(`/api/folder/${id}/send`, lyonAdmin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SEND_NEEDS_INSURER);
    const other = await createFolder(app, paris, { insurer: 'AXA' });
    expect((await post(`/api/folder/${other.id}/send`, lyonAdmin)).statusCode).toBe(404);
    const modal = await app.inject({
      method: 'GET',
      url: `/invoice/displaySentFolderModal/${other.id}`,
      headers: { cookie: lyonAdmin },
    });
    expect(modal.statusCode).toBe(404);
    expect((await folderRow(other.id))?.sentAt).toBeNull();
  });
});

describe('a closed folder', () => {
  it('keeps its status until reopened: the status select is refused (409)', async () => {
    const { id } = await createFolder(app, lyon);
    expect((await post(`/api/folder/${id}/close`, lyonAdmin, { status: 'close', ...CLOSE_ANSWERS })).statusCode).toBe(
      200,
    );
    const [outstanding] = await app.db
      .select({ id: folderStatuses.id })
      .from(folderStatuses)
      .where(and(eq(folderStatuses.companyId, lyon), eq(folderStatuses.code, 'outstanding')));
    const moved = await post(`/api/folder/status-folder/${id}/${outstanding?.id}`, lyonAdmin);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(FOLDER_CLOSED_MESSAGE);
    expect(await statusCode(id)).toBe('close');
  });
});
