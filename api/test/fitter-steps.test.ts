import { randomUUID } from 'node:crypto';
import {
  FITTER_COMMENT_REQUIRED,
  FITTER_DONE_AT_FUTURE,
  FITTER_KEY_REUSED,
  FITTER_PHOTO_REFUSED,
  FITTER_PHOTO_REQUIRED,
  FITTER_PHOTOS_MAX,
  FITTER_PHOTOS_TOO_MANY,
  FITTER_PREVIOUS_STEP_FIRST,
  FITTER_STEP_ALREADY_DONE,
  FITTER_STEP_LABELS,
  type FitterStep,
  FOLDER_NOT_FOUND_MESSAGE,
  fitterStepLabel,
  fitterStepResultSchema,
  fitterTaskSchema,
  fitterTasksResponseSchema,
  folderShowResponseSchema,
} from 'contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  folderDocumentContents,
  folderDocuments,
  folderHistory,
  folderStatuses,
  folders,
  folderTaskSteps,
  technicians,
} from '../src/db/schema';
import { createFolder } from './folders/fixtures';
import { createTestApp, login } from './helpers';
import { companyId, userId } from './notifications/fixtures';

/** A real 1×1 PNG (what a phone's camera sends is a JPEG or HEIC: the check is by content either way). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (SOI + APP0 JFIF): enough for the content check. */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let app: FastifyInstance;
let fitter: string;
let admin: string;
let lyon: number;
let linkedTechnician: number;
let otherTechnician: number;

beforeAll(async () => {
  // The test garage route (another garage's fitter) is a test-only route.
  app = await createTestApp({ testRoutes: true });
  [fitter, admin, lyon] = await Promise.all([
    login(app, 'poseur@demo.garage.fr'),
    login(app, 'poseur.admin@demo.garage.fr'),
    companyId(app, 'lyon'),
  ]);
  const fitterUser = await userId(app, 'poseur@demo.garage.fr');
  const crew = await app.db
    .select({ id: technicians.id, userId: technicians.userId })
    .from(technicians)
    .where(eq(technicians.companyId, lyon))
    .orderBy(asc(technicians.id));
  linkedTechnician = crew.find((row) => row.userId === fitterUser)?.id ?? Number.NaN;
  otherTechnician = crew.find((row) => row.userId !== fitterUser)?.id ?? Number.NaN;
});
afterAll(async () => {
  await app.close();
});

const todayFolder = (technicianId: number, company = lyon) =>
  createFolder(app, company, { technicianId, appointmentAt: new Date() });

interface StepOptions {
  key?: string;
  doneAt?: string;
  comment?: string;
  file?: { bytes: Buffer; name: string };
  /** Several photos for one step. */
  files?: { bytes: Buffer; name: string }[];
}
async function postStep(cookie: string, folderId: number, step: number, options: StepOptions = {}) {
  const form = new FormData();
  form.append('step', String(step));
  form.append('doneAt', options.doneAt ?? new Date().toISOString());
  form.append('idempotencyKey', options.key ?? randomUUID());
  if (options.comment !== undefined) form.append('comment', options.comment);
  for (const file of options.files ?? (options.file ? [options.file] : [])) {
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), file.name);
  }
  const body = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/api/fitter/folders/${folderId}/steps`,
    headers: { cookie, 'content-type': body.headers.get('content-type') ?? '' },
    payload: Buffer.from(await body.arrayBuffer()),
  });
}

const photo = { bytes: PNG, name: 'avant.png' };
const stepsOf = (folderId: number) =>
  app.db
    .select()
    .from(folderTaskSteps)
    .where(eq(folderTaskSteps.folderId, folderId))
    .orderBy(asc(folderTaskSteps.step));
const historyOf = (folderId: number) =>
  app.db
    .select()
    .from(folderHistory)
    .where(and(eq(folderHistory.folderId, folderId), ne(folderHistory.kind, 'created')))
    .orderBy(asc(folderHistory.id));
const documentsOf = (folderId: number) =>
  app.db.select().from(folderDocuments).where(eq(folderDocuments.folderId, folderId)).orderBy(asc(folderDocuments.id));
async function statusCodeOf(folderId: number) {
  const [row] = await app.db
    .select({ code: folderStatuses.code })
    .from(folders)
    .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
    .where(eq(folders.id, folderId));
  return row?.code;
}
const tasksOf = async (cookie: string, query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/fitter/tasks/today${query}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return fitterTasksResponseSchema.parse(response.json());
};

describe('GET /api/fitter/tasks/today', () => {
  it('gives the demo fitter (poseur@, Lyon) appointments on the seeding day', async () => {
    const { tasks } = await tasksOf(fitter);
    expect(tasks.filter((task) => task.number.startsWith('D-')).length).toBeGreaterThanOrEqual(2);
    const times = tasks.map((task) => task.appointmentAt ?? '');
    expect(times).toEqual([...times].sort());
  });

  it('lists a fitter only the folders of the technician linked to them, with an appointment today', async () => {
    const mine = await todayFolder(linkedTechnician);
    const colleague = await todayFolder(otherTechnician);
    const tomorrow = await createFolder(app, lyon, {
      technicianId: linkedTechnician,
      appointmentAt: new Date(Date.now() + 2 * 86_400_000),
    });
    const { tasks } = await tasksOf(fitter);
    const ids = tasks.map((task) => task.folderId);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(colleague.id);
    expect(ids).not.toContain(tomorrow.id);
    const [linked] = await app.db
      .select({ name: technicians.name })
      .from(technicians)
      .where(eq(technicians.id, linkedTechnician));
    expect(new Set(tasks.map((task) => task.technician))).toEqual(new Set([linked?.name]));
    const task = tasks.find((item) => item.folderId === mine.id);
    expect(task).toMatchObject({
      number: mine.number,
      customer: 'Testeur Hélène',
      vehicle: 'Renault Clio V',
      city: 'Lyon',
      hasAddress: true,
      status: { code: 'open', label: 'Ouvert' },
      closed: false,
      steps: [],
    });
    // Contact details never travel with the task (the address comes through the logged contact call).
    expect(JSON.stringify(task)).not.toContain('rue des Essais');
    expect(JSON.stringify(task)).not.toContain('0611223344');

    // The garage's admin sees every folder of the day, whoever fits it.
    const all = (await tasksOf(admin)).tasks.map((item) => item.folderId);
    expect(all).toEqual(expect.arrayContaining([mine.id, colleague.id]));
    expect(all).not.toContain(tomorrow.id);
  });

  it('answers another day when asked, and refuses a malformed date in French', async () => {
    const day = new Date(Date.now() + 2 * 86_400_000);
    const later = await createFolder(app, lyon, { technicianId: linkedTechnician, appointmentAt: day });
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(day);
    const answer = await tasksOf(fitter, `?date=${date}`);
    expect(answer.date).toBe(date);
    expect(answer.tasks.map((task) => task.folderId)).toContain(later.id);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/fitter/tasks/today?date=23/11',
      headers: { cookie: fitter },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Date invalide (AAAA-MM-JJ)');
    for (const day of ['2026-02-31', '2026-13-01']) {
      const wrong = await app.inject({
        method: 'GET',
        url: `/api/fitter/tasks/today?date=${day}`,
        headers: { cookie: fitter },
      });
      expect(wrong.statusCode, day).toBe(400);
    }
  });
});

describe('POST /api/fitter/folders/:folderId/steps', () => {
  it('walks the seven steps in order, with photos and the comment, and moves the status at 3 and 5', async () => {
    const folder = await todayFolder(linkedTechnician);
    const codes: (string | null | undefined)[] = [];
    for (const step of [1, 2, 3, 4, 5, 6, 7] as FitterStep[]) {
      const response = await postStep(fitter, folder.id, step, {
        ...(step % 2 === 0 && step < 7 ? { file: { bytes: step === 4 ? JPEG : PNG, name: `etape-${step}.jpg` } } : {}),
        ...(step === 7 ? { comment: 'Pare-brise posé, <b>client</b> satisfait.' } : {}),
      });
      expect(response.statusCode, `étape ${step}: ${response.body}`).toBe(201);
      const result = fitterStepResultSchema.parse(response.json());
      expect(result).toMatchObject({ folderId: folder.id, step, replayed: false });
      expect(result.documentIds).toHaveLength(step === 2 || step === 4 || step === 6 ? 1 : 0);
      codes.push(await statusCodeOf(folder.id));
    }
    expect(codes).toEqual([
      'open',
      'open',
      'outstanding',
      'outstanding',
      'wait_validation',
      'wait_validation',
      'wait_validation',
    ]);

    const steps = await stepsOf(folder.id);
    expect(steps.map((row) => row.step)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(steps[6]?.comment).toBe('Pare-brise posé, <b>client</b> satisfait.');
    const documents = await documentsOf(folder.id);
    expect(documents.map((row) => [row.typeFile, row.mimeType]).sort()).toEqual([
      ['Photo après travaux', 'image/png'],
      ['Photo avant travaux', 'image/png'],
      ['Photo pendant travaux', 'image/jpeg'],
    ]);
    const [stored] = await app.db
      .select()
      .from(folderDocumentContents)
      .where(
        eq(folderDocumentContents.documentId, documents.find((row) => row.fitterStepId === steps[1]?.id)?.id ?? 0),
      );
    expect(Buffer.from(stored?.content ?? []).equals(PNG)).toBe(true);

    const history = await historyOf(folder.id);
    expect(history.filter((row) => row.kind === 'fitter_step').map((row) => row.field)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(history.filter((row) => row.kind === 'status').map((row) => [row.oldValue, row.newValue])).toEqual([
      ['Ouvert', 'En cours'],
      ['En cours', 'En attente de validation'],
    ]);
    const third = history.find((row) => row.kind === 'fitter_step' && row.field === '3');
    expect(third?.newValue).toBe(steps[2]?.doneAt.toISOString());
    expect(third?.content).toContain(FITTER_STEP_LABELS[3]);
    // The comment is text in the history's HTML, never markup.
    expect(history.at(-1)?.content).toContain('&#60;b&#62;client&#60;/b&#62;');

    // The folder page reads the steps in its history.
    const page = await app.inject({ method: 'GET', url: `/api/folder/show/${folder.id}`, headers: { cookie: admin } });
    expect(page.statusCode).toBe(200);
    const parsed = folderShowResponseSchema.parse(page.json());
    expect(parsed.history.filter((entry) => entry.kind === 'fitter_step')).toHaveLength(7);
    expect(parsed.folder.status.label).toBe('En attente de validation');

    // The task shows the seven steps with when they were done.
    const task = fitterTaskSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/fitter/folders/${folder.id}`, headers: { cookie: fitter } })
      ).json(),
    );
    expect(task.steps.map((step) => step.step)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('names steps 3 and 5 after a repair on a folder typed « Réparation », in its task and its history', async () => {
    const folder = await createFolder(app, lyon, {
      technicianId: linkedTechnician,
      appointmentAt: new Date(),
      repairKind: 'repair',
    });
    expect((await tasksOf(fitter)).tasks.find((task) => task.folderId === folder.id)?.repairKind).toBe('repair');
    expect((await postStep(fitter, folder.id, 1)).statusCode).toBe(201);
    expect((await postStep(fitter, folder.id, 2, { file: photo })).statusCode).toBe(201);
    expect((await postStep(fitter, folder.id, 3)).statusCode).toBe(201);
    const third = (await historyOf(folder.id)).find((row) => row.kind === 'fitter_step' && row.field === '3');
    expect(third?.content).toContain(fitterStepLabel(3, 'repair'));
    expect(third?.content).toContain('Début de la réparation');
  });

  it('refuses a skipped step (409, in French) and writes nothing', async () => {
    const folder = await todayFolder(linkedTechnician);
    const response = await postStep(fitter, folder.id, 2, { file: photo });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(FITTER_PREVIOUS_STEP_FIRST(1));
    expect(response.json().message).toBe('Étape précédente à faire d’abord : Je pars chez le client');
    expect(await stepsOf(folder.id)).toEqual([]);
    expect(await historyOf(folder.id)).toEqual([]);
    expect(await documentsOf(folder.id)).toEqual([]);

    expect((await postStep(fitter, folder.id, 1)).statusCode).toBe(201);
    const again = await postStep(fitter, folder.id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FITTER_STEP_ALREADY_DONE);
    const jump = await postStep(fitter, folder.id, 3);
    expect(jump.json().message).toBe(FITTER_PREVIOUS_STEP_FIRST(2));
    expect((await stepsOf(folder.id)).map((row) => row.step)).toEqual([1]);
  });

  it('records a step sent twice with one key once: one step, one history row, one document', async () => {
    const folder = await todayFolder(linkedTechnician);
    const first = await postStep(fitter, folder.id, 1, { key: randomUUID() });
    expect(first.statusCode).toBe(201);
    const key = randomUUID();
    const doneAt = new Date(Date.now() - 60_000).toISOString();
    const sent = await postStep(fitter, folder.id, 2, { key, doneAt, file: photo });
    const resent = await postStep(fitter, folder.id, 2, { key, doneAt, file: photo });
    expect([sent.statusCode, resent.statusCode]).toEqual([201, 200]);
    const [a, b] = [fitterStepResultSchema.parse(sent.json()), fitterStepResultSchema.parse(resent.json())];
    expect(b).toEqual({ ...a, replayed: true });
    expect(b.doneAt).toBe(doneAt);
    expect(await stepsOf(folder.id)).toHaveLength(2);
    expect((await historyOf(folder.id)).filter((row) => row.field === '2')).toHaveLength(1);
    expect(await documentsOf(folder.id)).toHaveLength(1);

    // The key names that step: reused for another one, it is refused.
    const reused = await postStep(fitter, folder.id, 3, { key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(FITTER_KEY_REUSED);
  });

  it('records two CONCURRENT sends of one key exactly once', async () => {
    const folder = await todayFolder(linkedTechnician);
    const key = randomUUID();
    const doneAt = new Date().toISOString();
    const answers = await Promise.all([
      postStep(fitter, folder.id, 1, { key, doneAt }),
      postStep(fitter, folder.id, 1, { key, doneAt }),
      postStep(fitter, folder.id, 1, { key, doneAt }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await stepsOf(folder.id)).toHaveLength(1);
    expect((await historyOf(folder.id)).filter((row) => row.kind === 'fitter_step')).toHaveLength(1);

    // The same for a photo step: one document.
    const photoKey = randomUUID();
    const photos = await Promise.all([
      postStep(fitter, folder.id, 2, { key: photoKey, doneAt, file: photo }),
      postStep(fitter, folder.id, 2, { key: photoKey, doneAt, file: photo }),
    ]);
    expect(photos.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(await documentsOf(folder.id)).toHaveLength(1);
    expect((await historyOf(folder.id)).filter((row) => row.kind === 'fitter_step')).toHaveLength(2);
  });

  it('refuses a photo step without a photo, or with a file that is not a photo by its content', async () => {
    const folder = await todayFolder(linkedTechnician);
    await postStep(fitter, folder.id, 1);
    const missing = await postStep(fitter, folder.id, 2);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(FITTER_PHOTO_REQUIRED);
    const fake = await postStep(fitter, folder.id, 2, {
      file: { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'photo.jpg' },
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(FITTER_PHOTO_REFUSED);
    // A PDF is a folder document, not a photo.
    const pdf = await postStep(fitter, folder.id, 2, {
      file: { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'a.jpg' },
    });
    expect(pdf.statusCode).toBe(415);
    expect(await documentsOf(folder.id)).toEqual([]);
    expect((await stepsOf(folder.id)).map((row) => row.step)).toEqual([1]);
  });

  it('takes several photos for one step, each a document of that step in the order sent; more than six refused', async () => {
    const folder = await todayFolder(linkedTechnician);
    await postStep(fitter, folder.id, 1);
    const tooMany = await postStep(fitter, folder.id, 2, {
      files: Array.from({ length: FITTER_PHOTOS_MAX + 1 }, (_, index) => ({ bytes: PNG, name: `p${index}.png` })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(FITTER_PHOTOS_TOO_MANY);
    // One photo that is no photo refuses the whole step: nothing is kept.
    const mixed = await postStep(fitter, folder.id, 2, {
      files: [photo, { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'b.jpg' }],
    });
    expect(mixed.statusCode).toBe(415);
    expect(await documentsOf(folder.id)).toEqual([]);

    const key = randomUUID();
    const files = [
      { bytes: PNG, name: 'gauche.png' },
      { bytes: JPEG, name: 'droite.jpg' },
    ];
    const sent = await postStep(fitter, folder.id, 2, { key, files });
    expect(sent.statusCode, sent.body).toBe(201);
    const result = fitterStepResultSchema.parse(sent.json());
    expect(result.documentIds).toHaveLength(2);
    const documents = await documentsOf(folder.id);
    expect(documents.map((row) => [row.id, row.fileName, row.mimeType, row.typeFile])).toEqual([
      [result.documentIds[0], 'gauche.png', 'image/png', 'Photo avant travaux'],
      [result.documentIds[1], 'droite.jpg', 'image/jpeg', 'Photo avant travaux'],
    ]);
    // Sent again (a lost answer): the same two documents, nothing added.
    const resent = await postStep(fitter, folder.id, 2, { key, files });
    expect(resent.statusCode).toBe(200);
    expect(fitterStepResultSchema.parse(resent.json()).documentIds).toEqual(result.documentIds);
    expect(await documentsOf(folder.id)).toHaveLength(2);
    const history = (await historyOf(folder.id)).find((row) => row.kind === 'fitter_step' && row.field === '2');
    expect(history?.content).toContain('Photos jointes : gauche.png, droite.jpg');
  });

  it('wants the comment of step 7 and refuses a step done in the future beyond the clock skew', async () => {
    const folder = await todayFolder(linkedTechnician);
    const future = await postStep(fitter, folder.id, 1, { doneAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(FITTER_DONE_AT_FUTURE);
    // A phone a minute ahead is fine.
    expect(
      (await postStep(fitter, folder.id, 1, { doneAt: new Date(Date.now() + 60_000).toISOString() })).statusCode,
    ).toBe(201);
    for (const step of [2, 3, 4, 5, 6]) {
      const answer = await postStep(fitter, folder.id, step, step % 2 === 0 ? { file: photo } : {});
      expect(answer.statusCode).toBe(201);
    }
    const empty = await postStep(fitter, folder.id, 7, { comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(FITTER_COMMENT_REQUIRED);
    const invalid = await postStep(fitter, folder.id, 8);
    expect(invalid.statusCode).toBe(400);
    const badKey = await postStep(fitter, folder.id, 7, { key: 'pas-une-cle', comment: 'ok' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe('Clé d’envoi invalide');
  });

  it('keeps a folder already further on, or closed, where it is', async () => {
    const [waiting] = await app.db
      .select({ id: folderStatuses.id })
      .from(folderStatuses)
      .where(and(eq(folderStatuses.companyId, lyon), eq(folderStatuses.code, 'wait_validation')));
    const folder = await createFolder(app, lyon, {
      technicianId: linkedTechnician,
      appointmentAt: new Date(),
      statusId: waiting?.id,
    });
    await postStep(fitter, folder.id, 1);
    await postStep(fitter, folder.id, 2, { file: photo });
    const third = fitterStepResultSchema.parse((await postStep(fitter, folder.id, 3)).json());
    expect(third.status.code).toBe('wait_validation');
    expect((await historyOf(folder.id)).filter((row) => row.kind === 'status')).toEqual([]);
  });
});

describe('who may record steps', () => {
  it('answers 404 to a fitter for a folder of another technician of the garage, and writes nothing', async () => {
    const folder = await todayFolder(otherTechnician);
    const response = await postStep(fitter, folder.id, 1);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(FOLDER_NOT_FOUND_MESSAGE);
    const read = await app.inject({
      method: 'GET',
      url: `/api/fitter/folders/${folder.id}`,
      headers: { cookie: fitter },
    });
    expect(read.statusCode).toBe(404);
    expect(await stepsOf(folder.id)).toEqual([]);
    // The garage's admin may record it (they fill in for a fitter without a phone).
    expect((await postStep(admin, folder.id, 1)).statusCode).toBe(201);
  });

  it('isolates garages: another garage’s fitter gets 404 and nothing is written', async () => {
    const garage = await app.inject({
      method: 'POST',
      url: '/api/test/garage',
      payload: { email: 'poseur@demo.garage.fr', technician: true },
    });
    expect(garage.statusCode).toBe(201);
    const { email, folderId, technicianId, companyId: other } = garage.json();
    expect(typeof folderId).toBe('number');
    expect(typeof technicianId).toBe('number');
    const stranger = await login(app, email);

    // Their own day: the test garage's folder, assigned to their technician, today.
    const theirs = await tasksOf(stranger);
    expect(theirs.tasks.map((task) => task.folderId)).toEqual([folderId]);
    expect(theirs.tasks[0]?.companyId).toBe(other);

    const lyonFolder = await todayFolder(linkedTechnician);
    const response = await postStep(stranger, lyonFolder.id, 1);
    expect(response.statusCode).toBe(404);
    expect(await stepsOf(lyonFolder.id)).toEqual([]);
    expect(await historyOf(lyonFolder.id)).toEqual([]);
    expect((await tasksOf(stranger)).tasks.map((task) => task.folderId)).not.toContain(lyonFolder.id);
    // And the other way round.
    expect((await postStep(fitter, folderId, 1)).statusCode).toBe(404);
    expect((await postStep(admin, folderId, 1)).statusCode).toBe(404);
    expect(await stepsOf(folderId)).toEqual([]);
    expect((await postStep(stranger, folderId, 1)).statusCode).toBe(201);
  });

  it('refuses a role without the permission (403)', async () => {
    const folder = await todayFolder(linkedTechnician);
    for (const account of ['cmd@demo.garage.fr', 'comptable@demo.garage.fr', 'service.client@demo.garage.fr']) {
      const cookie = await login(app, account);
      const list = await app.inject({ method: 'GET', url: '/api/fitter/tasks/today', headers: { cookie } });
      expect(list.statusCode, account).toBe(403);
      expect((await postStep(cookie, folder.id, 1)).statusCode, account).toBe(403);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/fitter/tasks/today' });
    expect(anonymous.statusCode).toBe(401);
    expect(await stepsOf(folder.id)).toEqual([]);
  });
});
