import {
  APPOINTMENT_PAST_MESSAGE,
  CALENDAR_DURATION_MESSAGE,
  CALENDAR_TECHNICIAN_INVALID,
  CALENDAR_WEEK_INVALID,
  type CalendarAppointment,
  calendarAppointmentSchema,
  calendarResponseSchema,
  DEMO_COMPANIES,
} from 'contracts';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderHistory, folders, technicians } from '../src/db/schema';
import { createFolder } from './folders/fixtures';
import { createTestApp, login } from './helpers';
import { companyId } from './notifications/fixtures';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let app: FastifyInstance;
let lyonAdmin: string;
let parisCmd: string;
let accountant: string;
let lyon: number;
let paris: number;

/** A Monday (00:00 UTC) more than a year ahead: no demo appointment lives there. */
const monday = (() => {
  const day = new Date(Date.now() + 400 * DAY);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return start - ((day.getUTCDay() + 6) % 7) * DAY;
})();
/** 8:00 UTC is 9:00 or 10:00 in Paris: the same calendar day either way. */
const at = (day: number, hour: number, minute = 0) => new Date(monday + day * DAY + hour * HOUR + minute * 60_000);
const week = { from: new Date(monday).toISOString(), to: new Date(monday + 7 * DAY).toISOString() };

async function technician(company: number, name: string, values: Partial<typeof technicians.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(technicians)
    .values({ companyId: company, name, ...values })
    .returning({ id: technicians.id });
  if (!row) throw new Error('technician not created');
  return row.id;
}

const getWeek = (cookie: string, query = week) =>
  app.inject({ method: 'GET', url: '/api/calendar', query, headers: { cookie } });
const move = (cookie: string, folderId: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/calendar/appointment/${folderId}`, headers: { cookie }, payload });
const cancel = (cookie: string, folderId: number) =>
  app.inject({ method: 'DELETE', url: `/api/calendar/appointment/${folderId}`, headers: { cookie } });
const folderRow = async (id: number) => (await app.db.select().from(folders).where(eq(folders.id, id)))[0];
/** The folder's history, newest first, without the automatic status moves (activity.test.ts checks them). */
const historyOf = (id: number) =>
  app.db
    .select()
    .from(folderHistory)
    // Status moves and SMS lines have their own tests (activity, sms).
    .where(and(eq(folderHistory.folderId, id), notInArray(folderHistory.kind, ['status', 'sms'])))
    .orderBy(desc(folderHistory.id));

// Lyon: a fixed fitter A, a mobile fitter B, an inactive one with an appointment, an inactive one without.
let fixed: number;
let mobile: number;
let retired: number;
let idle: number;
let parisFitter: number;
const f: Record<string, number> = {};

beforeAll(async () => {
  app = await createTestApp();
  [lyonAdmin, parisCmd, accountant] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
    login(app, 'comptable@demo.garage.fr'),
  ]);
  [lyon, paris] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'paris')]);
  fixed = await technician(lyon, 'Agathe Fixe');
  mobile = await technician(lyon, 'Bruno Mobile', { mobile: true, color: '#1677ff' });
  retired = await technician(lyon, 'Claire Partie', { active: false });
  idle = await technician(lyon, 'Denis Absent', { active: false });
  parisFitter = await technician(paris, 'Paul Parisien');
  const folder = async (key: string, values: Partial<typeof folders.$inferInsert>) => {
    f[key] = (await createFolder(app, lyon, values)).id;
  };
  // Tuesday, fixed fitter: 8:00-9:00 and 8:30-9:30 overlap; 9:30-10:00 only touches the second.
  await folder('a1', { technicianId: fixed, appointmentAt: at(1, 8), appointmentMinutes: 60 });
  await folder('a2', { technicianId: fixed, appointmentAt: at(1, 8, 30), appointmentMinutes: 60 });
  await folder('a3', { technicianId: fixed, appointmentAt: at(1, 9, 30), appointmentMinutes: 30 });
  // Wednesday, mobile fitter: a round through one postal code, its département, then another.
  await folder('b1', { technicianId: mobile, appointmentAt: at(2, 7), postalCode: '69007' });
  await folder('b2', { technicianId: mobile, appointmentAt: at(2, 9), postalCode: '69007' });
  await folder('b3', { technicianId: mobile, appointmentAt: at(2, 11), postalCode: '69100' });
  await folder('b4', { technicianId: mobile, appointmentAt: at(2, 14), postalCode: '38000', city: 'Grenoble' });
  // Thursday: nobody yet; the inactive fitter's last one.
  await folder('none', { appointmentAt: at(3, 8), appointmentMinutes: 120 });
  await folder('old', { technicianId: retired, appointmentAt: at(4, 8) });
  // Outside the week: the Monday after.
  await folder('next', { technicianId: fixed, appointmentAt: at(7, 8) });
});
afterAll(() => app.close());

async function lyonWeek() {
  const response = await getWeek(lyonAdmin);
  expect(response.statusCode).toBe(200);
  const body = calendarResponseSchema.parse(response.json());
  const byFolder = new Map(body.appointments.map((row) => [row.folderId, row]));
  return { ...body, of: (key: string) => byFolder.get(f[key] as number) as CalendarAppointment };
}

describe('GET /api/calendar', () => {
  it('answers the week’s fitters and their appointments, each on its technician, sorted by start', async () => {
    const { technicians: crew, appointments, of } = await lyonWeek();
    const names = crew.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Agathe Fixe', 'Bruno Mobile', 'Claire Partie', 'Karim Benali']));
    // Inactive without an appointment this week: no row.
    expect(names).not.toContain('Denis Absent');
    expect(crew.find((row) => row.id === idle)).toBeUndefined();
    expect(crew.find((row) => row.id === mobile)).toMatchObject({
      mobile: true,
      color: '#1677ff',
      companyId: lyon,
      companyName: DEMO_COMPANIES.lyon,
      active: true,
    });
    expect(crew.find((row) => row.id === retired)?.active).toBe(false);
    expect(crew.every((row) => row.companyId === lyon)).toBe(true);

    expect(of('a1')).toMatchObject({ technicianId: fixed, start: at(1, 8).toISOString(), minutes: 60 });
    expect(of('b2')).toMatchObject({ technicianId: mobile, postalCode: '69007', statusLabel: 'Ouvert' });
    expect(of('a1').plate).toMatch(/^Q[A-Z]-\d{3}-[A-Z]{2}$/);
    expect(of('a1').customer).toBe('Testeur Hélène');
    expect(of('none').technicianId).toBeNull();
    expect(of('old').technicianId).toBe(retired);
    expect(of('next')).toBeUndefined();
    const starts = appointments.map((row) => Date.parse(row.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.every((start) => start >= monday && start < monday + 7 * DAY)).toBe(true);
  });

  it('flags overlapping appointments of one fitter, not those that only touch', async () => {
    const { of } = await lyonWeek();
    expect(of('a1').clash).toBe(true);
    expect(of('a2').clash).toBe(true);
    expect(of('a3').clash).toBe(false);
    expect(['b1', 'b2', 'b3', 'b4', 'none'].map((key) => of(key).clash)).toEqual([false, false, false, false, false]);
  });

  it('estimates a mobile fitter’s drive between the day’s appointments from postal codes', async () => {
    const { of } = await lyonWeek();
    expect(['b1', 'b2', 'b3', 'b4'].map((key) => of(key).travelMinutesBefore)).toEqual([null, 10, 30, 60]);
    // A fitter working at the garage does not drive.
    expect(of('a2').travelMinutesBefore).toBeNull();
  });

  it('refuses a period that is not a week, in French', async () => {
    const reversed = await getWeek(lyonAdmin, { from: week.to, to: week.from });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(CALENDAR_WEEK_INVALID);
    const month = await getWeek(lyonAdmin, { from: week.from, to: new Date(monday + 30 * DAY).toISOString() });
    expect(month.statusCode).toBe(400);
  });

  it('labels each fitter with their garage over several garages (TOUT)', async () => {
    const multi = await login(app, 'multi@demo.garage.fr');
    expect(
      (await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } })).statusCode,
    ).toBe(200);
    const body = calendarResponseSchema.parse((await getWeek(multi)).json());
    const garages = new Set(body.technicians.map((row) => row.companyName));
    expect([...garages]).toEqual(
      expect.arrayContaining([DEMO_COMPANIES.lyon, DEMO_COMPANIES.marseille, DEMO_COMPANIES.bordeaux]),
    );
    expect(body.appointments.map((row) => row.folderId)).toContain(f.a1);
  });
});

describe('PUT /api/calendar/appointment/{folderId}', () => {
  it('moves an appointment to another day and fitter, with its history rows', async () => {
    const id = f.a3 as number;
    const start = at(3, 9).toISOString();
    const response = await move(lyonAdmin, id, { start, minutes: 120, technicianId: mobile });
    expect(response.statusCode).toBe(200);
    expect(calendarAppointmentSchema.parse(response.json())).toMatchObject({
      folderId: id,
      technicianId: mobile,
      start,
      minutes: 120,
      clash: false,
    });
    expect(await folderRow(id)).toMatchObject({ technicianId: mobile, appointmentMinutes: 120 });
    expect((await folderRow(id))?.appointmentAt?.toISOString()).toBe(start);
    const [technicianRow, appointmentRow] = await historyOf(id);
    expect(appointmentRow).toMatchObject({
      kind: 'appointment',
      field: 'appointmentAt',
      oldValue: at(1, 9, 30).toISOString(),
      newValue: start,
    });
    expect(technicianRow).toMatchObject({
      kind: 'change',
      field: 'technicianId',
      oldValue: 'Agathe Fixe',
      newValue: 'Bruno Mobile',
    });
  });

  it('saves an overlapping appointment and answers the clash as a warning', async () => {
    const id = f.none as number;
    const response = await move(lyonAdmin, id, { start: at(1, 8, 15).toISOString(), minutes: 30, technicianId: fixed });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ technicianId: fixed, clash: true });
    expect((await folderRow(id))?.technicianId).toBe(fixed);
    // Taken off the fitter again: no technician, no clash.
    const unassigned = await move(lyonAdmin, id, { start: at(3, 8).toISOString(), minutes: 120, technicianId: null });
    expect(unassigned.json()).toMatchObject({ technicianId: null, clash: false });
  });

  it('sets the appointment of a folder that had none (a new appointment)', async () => {
    const { id } = await createFolder(app, lyon);
    const response = await move(lyonAdmin, id, { start: at(4, 13).toISOString(), minutes: 45, technicianId: fixed });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ folderId: id, minutes: 45, travelMinutesBefore: null });
    expect((await historyOf(id))[1]).toMatchObject({ kind: 'appointment', oldValue: null });
  });

  it('refuses a past date and a length out of bounds in French, changing nothing', async () => {
    const id = f.a1 as number;
    const before = await folderRow(id);
    const past = await move(lyonAdmin, id, { start: '2020-01-06T09:30:00.000Z', minutes: 60, technicianId: fixed });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(APPOINTMENT_PAST_MESSAGE);
    const long = await move(lyonAdmin, id, { start: at(1, 8).toISOString(), minutes: 721, technicianId: fixed });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CALENDAR_DURATION_MESSAGE);
    expect(await folderRow(id)).toEqual(before);
  });

  it('refuses a fitter of another garage (400), changing nothing', async () => {
    const id = f.a1 as number;
    const before = await folderRow(id);
    const historyBefore = (await historyOf(id)).length;
    const response = await move(lyonAdmin, id, {
      start: at(1, 10).toISOString(),
      minutes: 60,
      technicianId: parisFitter,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CALENDAR_TECHNICIAN_INVALID);
    expect(await folderRow(id)).toEqual(before);
    expect(await historyOf(id)).toHaveLength(historyBefore);
  });
});

describe('DELETE /api/calendar/appointment/{folderId}', () => {
  it('cancels the appointment, with a history row', async () => {
    const id = f.b4 as number;
    const response = await cancel(lyonAdmin, id);
    expect(response.statusCode).toBe(204);
    const row = await folderRow(id);
    expect(row?.appointmentAt).toBeNull();
    expect(row?.technicianId).toBe(mobile);
    const [entry] = await historyOf(id);
    expect(entry).toMatchObject({ kind: 'appointment', newValue: null, oldValue: at(2, 14).toISOString() });
    const { of } = await lyonWeek();
    expect(of('b4')).toBeUndefined();
  });
});

describe('demo', () => {
  it('fills this week and the next of Lyon: several fitters, a mobile one’s drives, a clash ahead', async () => {
    const now = new Date();
    const thisMonday =
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY;
    const weeks = [];
    for (const from of [thisMonday, thisMonday + 7 * DAY]) {
      const response = await getWeek(lyonAdmin, {
        from: new Date(from).toISOString(),
        to: new Date(from + 7 * DAY).toISOString(),
      });
      const body = calendarResponseSchema.parse(response.json());
      expect(new Set(body.appointments.map((row) => row.technicianId)).size).toBeGreaterThanOrEqual(3);
      expect(body.appointments.some((row) => row.travelMinutesBefore !== null)).toBe(true);
      weeks.push(...body.appointments);
    }
    expect(weeks.some((row) => row.clash && Date.parse(row.start) > Date.now())).toBe(true);
  });
});

describe('tenants and roles', () => {
  it('another garage sees none of these appointments nor fitters', async () => {
    const response = await getWeek(parisCmd);
    expect(response.statusCode).toBe(200);
    const body = calendarResponseSchema.parse(response.json());
    const ours = new Set(Object.values(f));
    expect(body.appointments.filter((row) => ours.has(row.folderId))).toEqual([]);
    expect(body.appointments.every((row) => row.companyId === paris)).toBe(true);
    expect(body.technicians.map((row) => row.id)).not.toContain(fixed);
    expect(body.technicians.map((row) => row.id)).toContain(parisFitter);
  });

  it('another garage can neither move nor cancel them (404), nothing changes', async () => {
    const id = f.a2 as number;
    const before = await folderRow(id);
    const historyBefore = (await historyOf(id)).length;
    const moved = await move(parisCmd, id, { start: at(1, 14).toISOString(), minutes: 60, technicianId: parisFitter });
    expect(moved.statusCode).toBe(404);
    expect(
      (await move(parisCmd, id, { start: at(1, 14).toISOString(), minutes: 60, technicianId: null })).statusCode,
    ).toBe(404);
    expect((await cancel(parisCmd, id)).statusCode).toBe(404);
    expect(await folderRow(id)).toEqual(before);
    expect(await historyOf(id)).toHaveLength(historyBefore);
  });

  it('a role without the calendar gets 403; no session gets 401', async () => {
    expect((await getWeek(accountant)).statusCode).toBe(403);
    expect(
      (await move(accountant, f.a1 as number, { start: at(1, 8).toISOString(), minutes: 60, technicianId: null }))
        .statusCode,
    ).toBe(403);
    expect((await cancel(accountant, f.a1 as number)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/calendar', query: week })).statusCode).toBe(401);
  });
});
