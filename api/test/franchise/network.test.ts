import {
  DEFAULT_UNIT_PACKS,
  DEMO_COMPANIES,
  messageTemplateListResponseSchema,
  networkSchema,
  TEMPLATE_READ_ONLY,
  TEMPLATE_SHARE_REFUSED,
  UNIT_PACKS_DUPLICATE,
  unitPacksSchema,
} from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, franchises, memberships, users } from '../../src/db/schema';
import { applyUnits } from '../../src/modules/billing/units/units-repository';
import { insertTestFolder } from '../../test-support/folder-fixture';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, login } from '../helpers';
import { demoFranchiseId } from './fixtures';

let app: FastifyInstance;
let franchiseId: number;
let franchisor: string;
let lyonAdmin: string;
let independent: string;
let lyonId: number;

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const companyId = async (name: string) => {
  const [row] = await app.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (!row) throw new Error(`no company ${name}`);
  return row.id;
};

beforeAll(async () => {
  app = await createTestApp();
  franchiseId = await demoFranchiseId(app);
  lyonId = await companyId(DEMO_COMPANIES.lyon);
  [franchisor, lyonAdmin] = await Promise.all([
    login(app, 'franchiseur@demo.garage.fr'),
    login(app, 'poseur.admin@demo.garage.fr'),
  ]);
  // An admin of the independent garage: outside the franchise.
  const [admin] = await app.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, await companyId(DEMO_COMPANIES.martin)))
    .limit(1);
  if (!admin) throw new Error('no user in the independent garage');
  independent = await login(app, admin.email);
});
afterAll(() => app.close());

const network = async (cookie = franchisor, query = '') => {
  const response = await call(cookie, 'GET', `/api/franchise/${franchiseId}/network${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return networkSchema.parse(response.json());
};

describe('GET /api/franchise/{franchiseId}/network', () => {
  it('puts every company of the franchise side by side, the franchisor first, none from elsewhere', async () => {
    const { centres } = await network();
    const inFranchise = await app.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.franchiseId, franchiseId));
    expect(centres.map((centre) => centre.companyId).sort()).toEqual(inFranchise.map((row) => row.id).sort());
    expect(centres[0]).toMatchObject({ name: DEMO_COMPANIES.franchisor, franchisor: true });
    expect(centres.filter((centre) => centre.franchisor)).toHaveLength(1);
    expect(centres.some((centre) => centre.name === DEMO_COMPANIES.martin)).toBe(false);
  });

  it('counts the period’s folders, revenue (invoices minus credit notes) and units of a centre exactly', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const period = `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const before = (await network(franchisor, period)).centres.find((centre) => centre.companyId === lyonId);

    await insertTestFolder(app.db, lyonId);
    await insertTestFolder(app.db, lyonId, { closedAt: new Date() });
    const documents = billing(app, lyonAdmin);
    const invoice = await documents.issue(
      await documents.create('invoice', body({ lines: [line({ preTaxAmount: '250,40', quantity: 2 })] })),
    );
    const creditNote = await documents.call('POST', `/api/quotation/${invoice.id}/credit-note`, {
      reason: 'Geste commercial',
    });
    expect(creditNote.statusCode, creditNote.body).toBe(201);
    const { id: creditId } = creditNote.json() as { id: number };
    await documents.issue(creditId);
    await documents.issue(await documents.create('invoice', body({ lines: [line({ preTaxAmount: '99,99' })] })));
    await documents.create('invoice', body({ lines: [line({ preTaxAmount: '1000,00' })] })); // a draft: not revenue
    await app.db.transaction((tx) =>
      applyUnits(tx, { companyId: lyonId, units: -3, kind: 'gestion', reference: 'network-test' }),
    );

    const after = (await network(franchisor, period)).centres.find((centre) => centre.companyId === lyonId);
    expect(after?.folders).toBe((before?.folders ?? 0) + 2);
    expect(after?.closed).toBe((before?.closed ?? 0) + 1);
    // 2 x 250.40 invoiced, credited in full, then 99.99: exactly 99.99 more.
    expect(after?.revenue).toBe((before?.revenue ?? 0) + 9_999);
    expect(after?.unitsUsed).toBe((before?.unitsUsed ?? 0) + 3);
    expect(after?.unitBalance).toBe((before?.unitBalance ?? 0) - 3);
  });

  it('is the franchisor’s only: a centre admin, another garage or another franchise is refused', async () => {
    expect((await call(lyonAdmin, 'GET', `/api/franchise/${franchiseId}/network`)).statusCode).toBe(403);
    expect((await call(independent, 'GET', `/api/franchise/${franchiseId}/network`)).statusCode).toBe(403);
    const [other] = await app.db.insert(franchises).values({ name: 'Autre réseau (test)' }).returning();
    const refused = await call(franchisor, 'GET', `/api/franchise/${other?.id}/network`);
    expect(refused.statusCode).toBe(403);
    const put = await call(franchisor, 'PUT', `/api/franchise/${other?.id}/unit-packs`, {
      packs: [{ label: 'Pirate', units: 1, preTaxPrice: 1 }],
    });
    expect(put.statusCode).toBe(403);
    const [row] = await app.db
      .select()
      .from(franchises)
      .where(eq(franchises.id, other?.id ?? 0));
    expect(row?.unitPacks).toBeNull();
    expect((await call(franchisor, 'GET', `/api/franchise/${franchiseId}/network?from=demain`)).statusCode).toBe(400);
  });
});

describe('PUT /api/franchise/{franchiseId}/unit-packs', () => {
  it('publishes the packs the centres buy (not another network), then goes back to the defaults', async () => {
    const published = await call(franchisor, 'PUT', `/api/franchise/${franchiseId}/unit-packs`, {
      packs: [
        { label: 'Réseau 300', units: 300, preTaxPrice: 48_000 },
        { label: 'Réseau 30', units: 30, preTaxPrice: 6_000 },
      ],
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(unitPacksSchema.parse(published.json()).map((pack) => pack.id)).toEqual(['pack-30', 'pack-300']);

    const centrePacks = unitPacksSchema.parse((await call(lyonAdmin, 'GET', '/api/checkout/packs')).json());
    expect(centrePacks.map((pack) => [pack.units, pack.preTaxPrice])).toEqual([
      [30, 6_000],
      [300, 48_000],
    ]);
    const order = await call(lyonAdmin, 'POST', '/api/checkout/orders', { packId: 'pack-30' });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json()).toMatchObject({ units: 30, preTaxPrice: 6_000 });
    // A default pack the franchisor did not publish is no longer sold to its centres.
    expect((await call(lyonAdmin, 'POST', '/api/checkout/orders', { packId: 'pack-10' })).statusCode).toBe(400);
    expect(unitPacksSchema.parse((await call(independent, 'GET', '/api/checkout/packs')).json())).toEqual(
      DEFAULT_UNIT_PACKS,
    );
    expect((await network()).published).toMatchObject({ customPacks: true });

    const reset = await call(franchisor, 'PUT', `/api/franchise/${franchiseId}/unit-packs`, { packs: null });
    expect(reset.json()).toEqual(DEFAULT_UNIT_PACKS);
    expect(unitPacksSchema.parse((await call(lyonAdmin, 'GET', '/api/checkout/packs')).json())).toEqual(
      DEFAULT_UNIT_PACKS,
    );
  });

  it('refuses in French two packs of the same size, or an empty pack, changing nothing', async () => {
    const duplicate = await call(franchisor, 'PUT', `/api/franchise/${franchiseId}/unit-packs`, {
      packs: [
        { label: 'A', units: 20, preTaxPrice: 100 },
        { label: 'B', units: 20, preTaxPrice: 200 },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toContain(UNIT_PACKS_DUPLICATE);
    const empty = await call(franchisor, 'PUT', `/api/franchise/${franchiseId}/unit-packs`, {
      packs: [{ label: '', units: 0, preTaxPrice: 100 }],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Le nom du pack est obligatoire|au moins 1 unité/);
    expect((await network()).published.customPacks).toBe(false);
    expect((await call(lyonAdmin, 'PUT', `/api/franchise/${franchiseId}/unit-packs`, { packs: null })).statusCode).toBe(
      403,
    );
  });
});

describe('message templates published to the centres', () => {
  const template = (subject: string, shared: boolean) => ({
    type: 'mail',
    subject,
    content: '<p>Bonjour, votre dossier #FOLDER# avance.</p>',
    shared,
  });
  const mailList = async (cookie: string, search: string) =>
    messageTemplateListResponseSchema.parse(
      (await call(cookie, 'GET', `/api/message_template/mail/list?search=${encodeURIComponent(search)}`)).json(),
    );

  it('are read and used by every centre, edited by the franchisor only, unseen outside the network', async () => {
    // Subjects of this test's own: the demo network publishes a template too.
    const created = await call(franchisor, 'POST', '/api/message_template/mail/new', template('Réseau : suivi', true));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    await call(franchisor, 'POST', '/api/message_template/mail/new', template('Réseau : brouillon privé', false));

    const seen = await mailList(lyonAdmin, 'Réseau :');
    expect(seen.data.map((row) => [row.subject, row.shared, row.editable])).toEqual([['Réseau : suivi', true, false]]);
    expect((await mailList(franchisor, 'Réseau : suivi')).data[0]).toMatchObject({ editable: true, shared: true });
    expect((await mailList(independent, 'Réseau :')).data).toEqual([]);

    const edit = await call(lyonAdmin, 'POST', `/api/message_template/${id}/edit`, template('Pirate', false));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(TEMPLATE_READ_ONLY);
    expect((await call(independent, 'GET', `/api/message_template/${id}/edit`)).statusCode).toBe(404);

    const folder = await insertTestFolder(app.db, lyonId);
    const used = await call(lyonAdmin, 'GET', `/folder/${folder.id}/message_template/${id}`);
    expect(used.statusCode).toBe(200);
    expect(used.json().content).toContain('Bonjour, votre dossier');
    expect(used.json().content).not.toContain('#FOLDER#');
    expect((await network()).published.sharedTemplates).toBeGreaterThanOrEqual(1);
  });

  it('cannot be published by a centre', async () => {
    const refused = await call(lyonAdmin, 'POST', '/api/message_template/mail/new', template('Centre : partage', true));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEMPLATE_SHARE_REFUSED);
    expect((await mailList(lyonAdmin, 'Centre : partage')).totalRecords).toBe(0);
  });
});
