import {
  DEMO_COMPANIES,
  PHONE_MESSAGE,
  TECHNICIAN_COLUMNS,
  TECHNICIAN_USER_INVALID,
  technicianFormResponseSchema,
  technicianListResponseSchema,
  technicianSchema,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, memberships, technicians } from '../../src/db/schema';
import { createTestApp, login } from '../helpers';
import { userId } from '../notifications/fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let parisCmd: string;
let lyonFitter: string;
let lyonFitterId: number;
let lyonAdminId: number;

beforeAll(async () => {
  app = await createTestApp();
  [lyonFitterId, lyonAdminId] = await Promise.all([
    userId(app, 'poseur@demo.garage.fr'),
    userId(app, 'poseur.admin@demo.garage.fr'),
  ]);
  [lyonAdmin, parisCmd, lyonFitter] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
    login(app, 'poseur@demo.garage.fr'),
  ]);
});
afterAll(() => app.close());

const columnsMap = encodeURIComponent(JSON.stringify(TECHNICIAN_COLUMNS));
const body = {
  name: 'Yanis Caron',
  phone: '06 12 34 56 78',
  email: 'yanis.caron@exemple.fr',
  mobile: true,
  color: '#FF8800',
  skills: ['Pare-brise', 'Calibrage ADAS', 'Pare-brise'],
  active: true,
};
const save = (id: number, payload: object, cookie = lyonAdmin) =>
  app.inject({ method: 'POST', url: `/api/technician/new/${id}`, headers: { cookie }, payload });
const form = (id: number, cookie = lyonAdmin) =>
  app.inject({ method: 'GET', url: `/api/technician/new/${id}`, headers: { cookie } });
const list = async (cookie = lyonAdmin, search = '') =>
  technicianListResponseSchema.parse(
    (
      await app.inject({
        method: 'GET',
        url: `/api/technician/list?columnsMap=${columnsMap}&pageSize=100&search=${encodeURIComponent(search)}`,
        headers: { cookie },
      })
    ).json(),
  );

describe('fitters', () => {
  it('creates a fitter of the selected garage, lists it, edits it', async () => {
    const created = await save(0, body);
    expect(created.statusCode).toBe(201);
    const fitter = technicianSchema.parse(created.json());
    expect(fitter).toMatchObject({
      phone: '0612345678',
      color: '#ff8800',
      skills: ['Pare-brise', 'Calibrage ADAS'],
      mobile: true,
      companyName: 'Vitrage Express Lyon',
      userId: null,
    });
    expect((await list(lyonAdmin, 'caron')).data.map((row) => row.id)).toEqual([fitter.id]);
    const edited = await save(fitter.id, { ...body, active: false, mobile: false, userId: lyonFitterId });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      active: false,
      mobile: false,
      userId: lyonFitterId,
      userName: 'Karim Benali',
    });
    const read = technicianFormResponseSchema.parse((await form(fitter.id)).json());
    expect(read.technician?.id).toBe(fitter.id);
    expect(read.accounts).toEqual([{ id: lyonFitterId, name: 'Karim Benali' }]);
  });

  it('validates in French: name required, 10-digit phone, known skills, a ROLE_POSEUR account of the garage', async () => {
    const name = await save(0, { ...body, name: ' ' });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe('Le nom du poseur est obligatoire');
    const phone = await save(0, { ...body, phone: '06 12 34' });
    expect(phone.json().message).toBe(PHONE_MESSAGE);
    const skill = await save(0, { ...body, skills: ['Plomberie'] });
    expect(skill.json().message).toBe('Compétence inconnue');
    const color = await save(0, { ...body, color: 'red' });
    expect(color.json().message).toBe('Couleur invalide (#RRGGBB)');
    const account = await save(0, { ...body, userId: lyonAdminId });
    expect(account.statusCode).toBe(400);
    expect(account.json().message).toBe(TECHNICIAN_USER_INVALID);
    expect(await app.db.select().from(technicians).where(eq(technicians.name, 'Yanis Caron'))).toHaveLength(1);
  });

  it('keeps each garage’s fitters to itself', async () => {
    const paris = technicianSchema.parse((await save(0, { ...body, name: 'Fitter parisien' }, parisCmd)).json());
    expect((await form(paris.id)).statusCode).toBe(404);
    expect((await save(paris.id, { ...body, name: 'Volé' })).statusCode).toBe(404);
    expect((await list()).data.map((row) => row.name)).not.toContain('Fitter parisien');
    expect((await list(parisCmd)).data.map((row) => row.name)).not.toContain('Yanis Caron');
    // A Lyon account cannot be linked to a Paris fitter either.
    expect(
      (await save(paris.id, { ...body, name: 'Fitter parisien', userId: lyonFitterId }, parisCmd)).statusCode,
    ).toBe(400);
    const [row] = await app.db.select().from(technicians).where(eq(technicians.id, paris.id));
    expect(row?.name).toBe('Fitter parisien');
  });

  it('finds a name typed without its accents, and a phone typed with spaces (the one paged list search)', async () => {
    const fitter = technicianSchema.parse(
      (await save(0, { ...body, name: 'Hélène Lefèvre', phone: '0698765432', email: null })).json(),
    );
    expect((await list(lyonAdmin, 'lefevre helene')).data.map((row) => row.id)).toEqual([fitter.id]);
    expect((await list(lyonAdmin, '06 98 76')).data.map((row) => row.id)).toEqual([fitter.id]);
  });

  it('is refused to a plain fitter', async () => {
    expect((await form(0, lyonFitter)).statusCode).toBe(403);
    expect((await save(0, body, lyonFitter)).statusCode).toBe(403);
  });
});

describe('fitters under TOUT', () => {
  it('a user who admins one garage and is a fitter in another manages the fitters of the first only', async () => {
    const multiId = await userId(app, 'multi@demo.garage.fr');
    const [bordeaux] = await app.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANIES.bordeaux));
    if (!bordeaux) throw new Error('no Bordeaux');
    // multi@ is only a fitter in Bordeaux now, and looks at all its garages at once.
    await app.db
      .update(memberships)
      .set({ roles: ['ROLE_POSEUR'] })
      .where(and(eq(memberships.userId, multiId), eq(memberships.companyId, bordeaux.id)));
    const multi = await login(app, 'multi@demo.garage.fr');
    await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } });

    const [theirs] = await app.db
      .select({ id: technicians.id })
      .from(technicians)
      .where(eq(technicians.companyId, bordeaux.id))
      .limit(1);
    if (!theirs) throw new Error('no Bordeaux fitter');
    const listed = await list(multi);
    expect(listed.totalRecords).toBeGreaterThan(0);
    expect(listed.data.map((row) => row.companyName)).not.toContain(DEMO_COMPANIES.bordeaux);
    expect((await form(theirs.id, multi)).statusCode).toBe(404);
    const edit = await save(theirs.id, { ...body, name: 'Renommé par un poseur' }, multi);
    expect(edit.statusCode).toBe(404);
    const [unchanged] = await app.db
      .select({ name: technicians.name })
      .from(technicians)
      .where(eq(technicians.id, theirs.id));
    expect(unchanged?.name).not.toBe('Renommé par un poseur');
    await app.db
      .update(memberships)
      .set({ roles: ['ROLE_POSEUR_ADMIN'] })
      .where(and(eq(memberships.userId, multiId), eq(memberships.companyId, bordeaux.id)));
  });
});
