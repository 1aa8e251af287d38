import {
  contactAccessResponseSchema,
  DEDUCTIBLE_ONE_OF,
  DEDUCTIBLE_PERCENT_MESSAGE,
  FOLDER_LIST_COLUMNS,
  folderListResponseSchema,
  folderSearchResponseSchema,
  folderShowResponseSchema,
  folderStatusListSchema,
  formatPlate,
  INSURER_UNKNOWN_FOR_FOLDER,
} from 'contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderHistory, folders, notifications } from '../../src/db/schema';
import { directoryEntryFor } from '../../src/demo/insurers';
import { createTestApp, login } from '../helpers';
import { companyId, userId } from '../notifications/fixtures';
import { createFolder } from './fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let parisCmd: string;
let multi: string;
let limited: string;
let lyon: number;
let paris: number;
let marseille: number;

beforeAll(async () => {
  app = await createTestApp();
  [lyonAdmin, parisCmd, multi, limited] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
    login(app, 'service.client.limit@demo.garage.fr'),
  ]);
  // multi@ works for Lyon, Marseille and Bordeaux: its session looks at all three (TOUT).
  expect((await post('/company/select/0', multi)).statusCode).toBe(200);
  [lyon, paris, marseille] = await Promise.all([
    companyId(app, 'lyon'),
    companyId(app, 'paris'),
    companyId(app, 'marseille'),
  ]);
});
afterAll(() => app.close());

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const columnsMap = encodeURIComponent(JSON.stringify(FOLDER_LIST_COLUMNS));
const list = async (cookie: string, query = '') =>
  folderListResponseSchema.parse((await get(`/api/folder/list/all?columnsMap=${columnsMap}${query}`, cookie)).json());
const search = async (cookie: string, term: string, company = 0) =>
  folderSearchResponseSchema.parse(
    (await post('/api/folder/app/search', cookie, { companyId: company, search: term })).json(),
  ).folders;
const historyOf = (id: number) => app.db.select().from(folderHistory).where(eq(folderHistory.folderId, id));

describe('GET /api/folder/list/all', () => {
  it('answers a page of the selected company only, counts per status adding up to the total', async () => {
    const page = await list(lyonAdmin, '&pageSize=100');
    expect(page.data).toHaveLength(100);
    expect(new Set(page.data.map((row) => row.companyName))).toEqual(new Set(['Vitrage Express Lyon']));
    const [{ n } = { n: 0 }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(folders)
      .where(eq(folders.companyId, lyon));
    expect(page.totalRecords).toBe(n);
    const { all, ...perStatus } = page.statusCounts ?? {};
    expect(all).toBe(n);
    expect(Object.values(perStatus).reduce((sum, count) => sum + count, 0)).toBe(n);
  });

  it('never sends a contact detail', async () => {
    const page = await list(lyonAdmin);
    const text = JSON.stringify(page);
    for (const row of page.data) expect(Object.keys(row)).not.toEqual(expect.arrayContaining(['phone']));
    expect(text).not.toMatch(/@exemple\.fr|0[67]\d{8}/);
  });

  it('sorts by the column index sent, filters by status tab, newest first by default', async () => {
    const byCustomer = await list(lyonAdmin, `&sortField=1&sortDir=asc&pageSize=50`);
    const names = byCustomer.data.map((row) => row.customer);
    // In the database's collation: C on PGlite and on the test cluster (code-point order, é after u).
    expect(names).toEqual([...names].sort());
    const byDefault = await list(lyonAdmin, '&pageSize=20');
    const dates = byDefault.data.map((row) => row.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const label = 'Clôturé';
    const closed = await list(lyonAdmin, `&filters=${encodeURIComponent(JSON.stringify({ 5: label }))}`);
    expect(closed.totalRecords).toBe(closed.statusCounts?.[label]);
    expect(new Set(closed.data.map((row) => row.statusCode))).toEqual(new Set(['close']));
  });

  it('keeps "my clients" to the folders the user owns, and TOUT to all of the user’s companies', async () => {
    const mine = await createFolder(app, lyon, { ownerId: await userId(app, 'poseur.admin@demo.garage.fr') });
    const my = await list(lyonAdmin, '&owner=my&pageSize=100');
    expect(my.data.map((row) => row.id)).toContain(mine.id);
    const [{ n } = { n: 0 }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(folders)
      .where(sql`${folders.ownerId} = ${mine.ownerId} and ${folders.companyId} = ${lyon}`);
    expect(my.totalRecords).toBe(n);
    const everything = await list(multi, '&pageSize=100&sortField=1&sortDir=asc');
    expect(new Set(everything.data.map((row) => row.companyName)).size).toBeGreaterThan(1);
  });

  it('in TOUT, the garage column filters and sorts, and the top bar names each folder’s garage', async () => {
    const garageIndex = FOLDER_LIST_COLUMNS.indexOf('garage');
    const lyonName = (await list(lyonAdmin, '&pageSize=1')).data[0]?.companyName ?? '';
    const onlyLyon = await list(
      multi,
      `&pageSize=100&filters=${encodeURIComponent(JSON.stringify({ [garageIndex]: lyonName.toUpperCase() }))}`,
    );
    expect(onlyLyon.totalRecords).toBeGreaterThan(0);
    expect(new Set(onlyLyon.data.map((row) => row.companyName))).toEqual(new Set([lyonName]));
    const byGarage = await list(multi, `&pageSize=100&sortField=${garageIndex}&sortDir=asc`);
    const garages = byGarage.data.map((row) => row.companyName);
    expect(garages).toEqual([...garages].sort());
    const folder = await createFolder(app, lyon, { lastName: 'Garagecolonne' });
    const [found] = await search(multi, 'garagecolonne');
    expect(found?.label).toContain(lyonName);
    const [alone] = await search(lyonAdmin, 'garagecolonne', lyon);
    expect(alone?.id).toBe(folder.id);
    expect(alone?.label).not.toContain(lyonName);
  });

  it('refuses the accountant and anonymous callers', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/folder/list/all' })).statusCode).toBe(401);
    expect((await get('/api/folder/list/all', await login(app, 'comptable@demo.garage.fr'))).statusCode).toBe(403);
  });
});

describe('POST /api/folder/app/search', () => {
  it('finds a plate however it is typed, and by name, phone, claim and folder number', async () => {
    const folder = await createFolder(app, lyon, { lastName: 'Zorglub', phone: '0698765432' });
    const shown = formatPlate(folder.plate);
    for (const typed of [folder.plate.toLowerCase(), shown, shown.replace(/-/g, ' '), folder.plate.slice(2, 6)]) {
      expect(
        (await search(lyonAdmin, typed)).map((item) => item.id),
        typed,
      ).toContain(folder.id);
    }
    for (const typed of ['zorglub', '06 98 76 54 32', folder.claimNumber ?? '', folder.number]) {
      expect(
        (await search(lyonAdmin, typed)).map((item) => item.id),
        typed,
      ).toContain(folder.id);
    }
    const [found] = await search(lyonAdmin, folder.plate);
    // The plate as stored, so that the search can open the vehicle's page.
    expect(found).toEqual({
      id: folder.id,
      value: String(folder.id),
      plate: folder.plate,
      label: expect.stringContaining(shown),
    });
  });

  it('never finds another company’s folder, and refuses a company outside the user’s', async () => {
    const elsewhere = await createFolder(app, marseille);
    expect(await search(lyonAdmin, elsewhere.plate)).toEqual([]);
    const response = await post('/api/folder/app/search', lyonAdmin, { companyId: marseille, search: elsewhere.plate });
    expect(response.statusCode).toBe(403);
    expect((await search(multi, elsewhere.plate)).map((item) => item.id)).toContain(elsewhere.id);
  });
});

describe('one folder', () => {
  it('shows the folder, its history newest first and its company’s statuses, without contact details', async () => {
    const folder = await createFolder(app, lyon);
    const response = await get(`/api/folder/show/${folder.id}`, lyonAdmin);
    expect(response.statusCode).toBe(200);
    const body = folderShowResponseSchema.parse(response.json());
    expect(body.folder).toMatchObject({
      id: folder.id,
      plate: formatPlate(folder.plate),
      hasPhone: true,
      hasEmail: true,
    });
    expect(body.history.map((entry) => entry.kind)).toEqual(['created']);
    expect(body.statuses.map((status) => status.code)).toEqual(expect.arrayContaining(['open', 'close']));
    expect(response.body).not.toContain('0611223344');
    expect(response.body).not.toContain('helene.testeur');
    expect((await get(`/api/folder/${folder.id}`, lyonAdmin)).statusCode).toBe(200);
  });

  it('answers 404 for another company’s folder on every call, and writes nothing', async () => {
    const elsewhere = await createFolder(app, paris);
    expect((await get(`/api/folder/${elsewhere.id}`, lyonAdmin)).statusCode).toBe(404);
    expect((await get(`/api/folder/show/${elsewhere.id}`, lyonAdmin)).statusCode).toBe(404);
    const statuses = folderStatusListSchema.parse((await get(`/api/company/${paris}/status-folder`, parisCmd)).json());
    const other = statuses.find((status) => status.code === 'outstanding');
    expect((await post(`/api/folder/status-folder/${elsewhere.id}/${other?.id}`, lyonAdmin)).statusCode).toBe(404);
    const reveal = await post('/api/contact-access-log/create', lyonAdmin, { folderId: elsewhere.id, type: 'phone' });
    expect(reveal.statusCode).toBe(404);
    expect((await historyOf(elsewhere.id)).map((row) => row.kind)).toEqual(['created']);
    expect((await get(`/api/company/${paris}/status-folder`, lyonAdmin)).statusCode).toBe(403);
  });

  it('rejects an id that is not a number with a French message', async () => {
    const response = await get('/api/folder/abc', lyonAdmin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Identifiant de dossier invalide');
  });
});

describe('POST /api/contact-access-log/create', () => {
  it('reveals each contact detail once asked, and logs who asked for what', async () => {
    const folder = await createFolder(app, lyon);
    const phone = await post('/api/contact-access-log/create', lyonAdmin, { folderId: folder.id, type: 'phone' });
    expect(contactAccessResponseSchema.parse(phone.json())).toEqual({ phone: '0611223344' });
    const mail = await post('/api/contact-access-log/create', lyonAdmin, { folderId: folder.id, type: 'mail' });
    expect(mail.json()).toEqual({ mail: 'helene.testeur@exemple.fr' });
    const address = await post('/api/contact-access-log/create', lyonAdmin, { folderId: folder.id, type: 'address' });
    expect(address.json()).toEqual({ address: '3 rue des Essais, 69007 Lyon' });
    const admin = await userId(app, 'poseur.admin@demo.garage.fr');
    const logged = (await historyOf(folder.id)).filter((row) => row.kind === 'contact');
    expect(logged.map((row) => [row.field, row.userId])).toEqual([
      ['phone', admin],
      ['mail', admin],
      ['address', admin],
    ]);
  });

  it('refuses the limited customer service (403) and says when a detail is missing', async () => {
    const marseilleFolder = await createFolder(app, marseille, { email: null });
    const refused = await post('/api/contact-access-log/create', limited, {
      folderId: marseilleFolder.id,
      type: 'phone',
    });
    expect(refused.statusCode).toBe(403);
    const missing = await post('/api/contact-access-log/create', multi, { folderId: marseilleFolder.id, type: 'mail' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Cette coordonnée n'est pas renseignée.");
  });
});

describe('POST /api/folder/status-folder/{id}/{statusId}', () => {
  it('moves the folder and writes the change to its history; closing needs the closing form', async () => {
    const folder = await createFolder(app, lyon);
    const statuses = folderStatusListSchema.parse((await get(`/api/company/${lyon}/status-folder`, lyonAdmin)).json());
    const outstanding = statuses.find((status) => status.code === 'outstanding');
    const close = statuses.find((status) => status.code === 'close');
    expect((await post(`/api/folder/status-folder/${folder.id}/${outstanding?.id}`, lyonAdmin)).statusCode).toBe(204);
    const row = (await historyOf(folder.id)).find((entry) => entry.kind === 'status');
    expect(row).toMatchObject({ oldValue: 'Ouvert', newValue: 'En cours', field: 'status' });
    const closing = await post(`/api/folder/status-folder/${folder.id}/${close?.id}`, lyonAdmin);
    expect(closing.statusCode).toBe(400);
    expect(closing.json().message).toBe("La clôture d'un dossier passe par le formulaire de clôture.");
    const parisStatuses = folderStatusListSchema.parse(
      (await get(`/api/company/${paris}/status-folder`, parisCmd)).json(),
    );
    const foreign = parisStatuses.find((status) => status.code === 'open');
    expect((await post(`/api/folder/status-folder/${folder.id}/${foreign?.id}`, lyonAdmin)).statusCode).toBe(404);
  });
});

describe('the folder history', () => {
  it('can be neither rewritten nor erased', async () => {
    const folder = await createFolder(app, lyon);
    await expect(
      app.db.update(folderHistory).set({ content: 'réécrit' }).where(eq(folderHistory.folderId, folder.id)),
    ).rejects.toThrow();
    await expect(app.db.delete(folderHistory).where(eq(folderHistory.folderId, folder.id))).rejects.toThrow();
    expect(await historyOf(folder.id)).toHaveLength(1);
  });
});

describe('POST /api/comment/add/{id}', () => {
  it('adds a sanitized comment to the history and notifies the folder’s owner', async () => {
    const owner = await userId(app, 'poseur.admin@demo.garage.fr');
    const folder = await createFolder(app, lyon, { ownerId: owner });
    const fitter = await login(app, 'poseur@demo.garage.fr');
    const response = await post(`/api/comment/add/${folder.id}`, fitter, {
      kind: 'comment',
      content: '<p>Pare-brise posé <img src=x onerror="alert(1)"></p>',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'comment', content: '<p>Pare-brise posé <img src="x"></p>' });
    const [notified] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner), eq(notifications.folderId, folder.id)));
    expect(notified).toMatchObject({ typeFolder: 'comment', folderTitle: formatPlate(folder.plate) });
    expect(notified?.content).toContain('Pare-brise posé');
  });

  it('records relances and anomalies as their own kinds', async () => {
    const folder = await createFolder(app, lyon);
    for (const kind of ['relance', 'anomaly'] as const) {
      const response = await post(`/api/comment/add/${folder.id}`, lyonAdmin, { kind, content: `<p>${kind}</p>` });
      expect(response.statusCode).toBe(201);
    }
    const kinds = (await historyOf(folder.id)).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(['relance', 'anomaly']));
  });

  it('refuses an empty text in French and another company’s folder, writing nothing', async () => {
    const folder = await createFolder(app, lyon);
    const empty = await post(`/api/comment/add/${folder.id}`, lyonAdmin, { kind: 'comment', content: '<p> </p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Le texte est obligatoire');
    const elsewhere = await createFolder(app, paris);
    const foreign = await post(`/api/comment/add/${elsewhere.id}`, lyonAdmin, { kind: 'comment', content: '<p>x</p>' });
    expect(foreign.statusCode).toBe(404);
    expect((await historyOf(folder.id)).map((row) => row.kind)).toEqual(['created']);
    expect((await historyOf(elsewhere.id)).map((row) => row.kind)).toEqual(['created']);
  });
});

describe('POST /api/folder/new/{type}', () => {
  const body = {
    civility: 'Mme',
    firstName: 'Inès',
    lastName: 'Moreau',
    phone: '06 12 34 56 78',
    email: 'ines.moreau@exemple.fr',
    postalCode: '69007',
    city: 'Lyon',
    plate: 'qk-482-zt',
    brand: 'Peugeot',
    model: '208',
    claimNumber: 'SIN-2026-778899',
    glass: 'windscreen',
    repairKind: 'replacement',
  };

  it('opens the folder in the selected garage, owned by its creator, numbered in sequence, with its history', async () => {
    const defaults = await get('/api/folder/default-values', lyonAdmin);
    expect(defaults.statusCode).toBe(200);
    const knownById = defaults.json().knownBy[0].id as number;
    // Lyon reads its network's directory (the franchisor's shared entries).
    const maif = (defaults.json().insurers as { id: number; name: string }[]).find((entry) => entry.name === 'MAIF');
    expect(maif).toBeDefined();
    const first = await post('/api/folder/new/interne', lyonAdmin, { ...body, knownById, insurerId: maif?.id });
    const second = await post('/api/folder/new/interne', lyonAdmin, { ...body, plate: 'QK-483-ZT' });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const [a, b] = [first.json(), second.json()] as { id: number; number: string }[];
    const sequence = (number: string) => Number(number.split('-').at(-1));
    expect(sequence(b?.number ?? '')).toBe(sequence(a?.number ?? '') + 1);
    const show = folderShowResponseSchema.parse((await get(`/api/folder/show/${a?.id}`, lyonAdmin)).json());
    expect(show.folder).toMatchObject({
      plate: 'QK-482-ZT',
      companyName: 'Vitrage Express Lyon',
      status: { code: 'open' },
      insurer: 'MAIF',
      insurerId: maif?.id,
    });
    expect(show.folder.owner?.id).toBe(await userId(app, 'poseur.admin@demo.garage.fr'));
    expect(show.history.map((entry) => entry.kind)).toEqual(['created']);
    const phone = await post('/api/contact-access-log/create', lyonAdmin, { folderId: a?.id, type: 'phone' });
    expect(phone.json()).toEqual({ phone: '0612345678' });
  });

  it('takes numbers without a gap or a twin under concurrent creations', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post('/api/folder/new/interne', lyonAdmin, { ...body, plate: `QZ-${100 + index}-AA` }),
      ),
    );
    const numbers = answers.map((answer) => Number((answer.json() as { number: string }).number.split('-').at(-1)));
    const sorted = [...numbers].sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(8);
    expect((sorted.at(-1) ?? 0) - (sorted[0] ?? 0)).toBe(7);
  });

  it('says in French what is wrong and creates nothing', async () => {
    const [{ n: before } = { n: 0 }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(folders);
    const response = await post('/api/folder/new/interne', lyonAdmin, { ...body, plate: '12-AB-34', lastName: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /Immatriculation invalide : format AB-123-CD|Le nom du client est obligatoire/,
    );
    // Customer service of Paris naming Lyon's known-by entry.
    const lyonKnownBy = (await get('/api/folder/default-values', lyonAdmin)).json().knownBy[0].id as number;
    const service = await login(app, 'service.client@demo.garage.fr');
    const foreignKnown = await post('/api/folder/new/interne', service, { ...body, knownById: lyonKnownBy });
    expect(foreignKnown.statusCode).toBe(400);
    expect(foreignKnown.json().message).toBe('Cette origine « connu par » n’existe pas dans ce garage');
    // An insurer of another garage's own directory is not one Lyon may choose.
    const independent = await directoryEntryFor(app.db, await companyId(app, 'centre'), 'MAIF');
    const foreignInsurer = await post('/api/folder/new/interne', lyonAdmin, { ...body, insurerId: independent.id });
    expect([foreignInsurer.statusCode, foreignInsurer.json().message]).toEqual([400, INSURER_UNKNOWN_FOR_FOLDER]);
    const [{ n: after } = { n: 0 }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(folders);
    expect(after).toBe(before);
  });

  it('gives the form choices of one of the user’s garages, never another one’s', async () => {
    const ofLyon = await get(`/api/folder/default-values?companyId=${lyon}`, multi);
    expect(ofLyon.statusCode).toBe(200);
    expect(ofLyon.json().technicians.map((t: { name: string }) => t.name)).toContain('Karim Benali');
    expect((await get(`/api/folder/default-values?companyId=${paris}`, multi)).statusCode).toBe(403);
  });

  it('needs one garage selected (not TOUT) and the right to create', async () => {
    const tout = await post('/api/folder/new/interne', multi, body);
    expect(tout.statusCode).toBe(400);
    expect(tout.json().message).toBe('Sélectionnez un garage en haut à gauche pour créer un dossier');
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect((await post('/api/folder/new/interne', fitter, body)).statusCode).toBe(403);
  });
});

describe('PUT /api/folder/{id}', () => {
  const put = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: { cookie }, payload });

  it('saves the fields, one history row per change, contact details changed without their values', async () => {
    const folder = await createFolder(app, lyon, { insurer: 'MAIF' });
    const response = await put(`/api/folder/${folder.id}`, lyonAdmin, {
      lastName: folder.lastName,
      firstName: folder.firstName,
      plate: folder.plate,
      brand: 'Peugeot',
      model: folder.model,
      insurerId: (await directoryEntryFor(app.db, lyon, 'AXA')).id,
      claimNumber: folder.claimNumber,
      policyNumber: folder.policyNumber,
      city: folder.city,
      phone: '0700000001',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ insurer: 'AXA', brand: 'Peugeot' });
    const changes = (await historyOf(folder.id)).filter((row) => row.kind === 'change');
    expect(changes.map((row) => [row.field, row.oldValue, row.newValue]).sort()).toEqual([
      ['brand', 'Renault', 'Peugeot'],
      ['insurer', 'MAIF', 'AXA'],
      ['phone', null, null],
    ]);
    // E-mail and address were left empty: still the stored ones.
    const mail = await post('/api/contact-access-log/create', lyonAdmin, { folderId: folder.id, type: 'mail' });
    expect(mail.json()).toEqual({ mail: 'helene.testeur@exemple.fr' });
    const phone = await post('/api/contact-access-log/create', lyonAdmin, { folderId: folder.id, type: 'phone' });
    expect(phone.json()).toEqual({ phone: '0700000001' });
  });

  it('keeps the policy’s deductible: an amount, or a percentage with its minimum, never both', async () => {
    const folder = await createFolder(app, lyon, { insurer: 'MAIF' });
    const base = { lastName: folder.lastName, firstName: folder.firstName, plate: folder.plate };
    const both = await put(`/api/folder/${folder.id}`, lyonAdmin, {
      ...base,
      deductibleAmount: '150',
      deductiblePercent: '10',
    });
    expect([both.statusCode, both.json().message]).toEqual([400, expect.stringContaining(DEDUCTIBLE_ONE_OF)]);
    const percent = await put(`/api/folder/${folder.id}`, lyonAdmin, {
      ...base,
      deductiblePercent: '10,5 %',
      deductibleMinimum: '76',
    });
    expect(percent.statusCode).toBe(200);
    expect(percent.json().deductible).toEqual({ amount: null, percent: 1_050, minimum: 7_600 });
    const amount = await put(`/api/folder/${folder.id}`, lyonAdmin, { ...base, deductibleAmount: '150,00' });
    expect(amount.json().deductible).toEqual({ amount: 15_000, percent: null, minimum: null });
    const changes = (await historyOf(folder.id)).filter((row) => row.kind === 'change');
    expect(changes.map((row) => [row.field, row.oldValue, row.newValue])).toEqual(
      expect.arrayContaining([
        ['deductiblePercent', null, '10,5 %'],
        ['deductibleMinimum', null, '76,00 €'],
        ['deductibleAmount', null, '150,00 €'],
        ['deductiblePercent', '10,5 %', null],
      ]),
    );
    const over = await put(`/api/folder/${folder.id}`, lyonAdmin, { ...base, deductiblePercent: '120' });
    expect([over.statusCode, over.json().message]).toEqual([400, expect.stringContaining(DEDUCTIBLE_PERCENT_MESSAGE)]);
  });

  it('refuses another company’s folder (404), a fitter (403) and a bad plate (400), changing nothing', async () => {
    const elsewhere = await createFolder(app, paris);
    const body = { lastName: 'X', plate: elsewhere.plate };
    expect((await put(`/api/folder/${elsewhere.id}`, lyonAdmin, body)).statusCode).toBe(404);
    const mine = await createFolder(app, lyon);
    const fitter = await login(app, 'poseur@demo.garage.fr');
    expect((await put(`/api/folder/${mine.id}`, fitter, { lastName: 'X', plate: mine.plate })).statusCode).toBe(403);
    const bad = await put(`/api/folder/${mine.id}`, lyonAdmin, { lastName: 'X', plate: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Immatriculation invalide');
    for (const id of [elsewhere.id, mine.id]) {
      expect((await historyOf(id)).map((row) => row.kind)).toEqual(['created']);
    }
  });
});
