import { SIRET_INVALID, SUPPLIER_COLUMNS, supplierSchema, VAT_INVALID } from 'contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers } from '../src/db/schema';
import { createTestApp, login } from './helpers';
import { companyId } from './notifications/fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let parisCmd: string;
let paris: number;

beforeAll(async () => {
  app = await createTestApp();
  paris = await companyId(app, 'paris');
  [lyonAdmin, parisCmd] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
  ]);
});
afterAll(() => app.close());

const columnsMap = encodeURIComponent(JSON.stringify(SUPPLIER_COLUMNS));
const body = {
  name: 'Verre Auto Distribution',
  siret: '732 829 320 00074',
  vatNumber: 'FR44732829320',
  email: 'contact@verre-auto.fr',
  phone: '04 72 00 00 00',
  paymentTerms: '30 jours',
};
const create = (payload: object, cookie = lyonAdmin) =>
  app.inject({ method: 'POST', url: '/api/supplier', headers: { cookie }, payload });

describe('suppliers', () => {
  it('creates a supplier of the selected garage, lists it, edits it', async () => {
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    const supplier = supplierSchema.parse(created.json());
    expect(supplier).toMatchObject({ siret: '73282932000074', companyName: 'Vitrage Express Lyon' });
    const page = (
      await app.inject({
        method: 'GET',
        url: `/api/supplier/list?columnsMap=${columnsMap}&search=verre auto`,
        headers: { cookie: lyonAdmin },
      })
    ).json();
    expect(page.data.map((row: { id: number }) => row.id)).toEqual([supplier.id]);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/supplier/${supplier.id}`,
      headers: { cookie: lyonAdmin },
      payload: { ...body, paymentTerms: 'Comptant' },
    });
    expect(edited.json().paymentTerms).toBe('Comptant');
  });

  it('finds a name and a city typed without their accents (the one paged list search)', async () => {
    const created = await create({ name: 'Miroiterie Lefèvre', city: 'Besançon' });
    expect(created.statusCode, created.body).toBe(201);
    const page = (
      await app.inject({
        method: 'GET',
        url: `/api/supplier/list?columnsMap=${columnsMap}&search=${encodeURIComponent('lefevre besancon')}`,
        headers: { cookie: lyonAdmin },
      })
    ).json();
    expect(page.data.map((row: { id: number }) => row.id)).toEqual([supplierSchema.parse(created.json()).id]);
  });

  it('checks the SIRET with the Luhn rule and the VAT number against its SIREN, in French', async () => {
    const siret = await create({ ...body, name: 'Mauvais SIRET', siret: '73282932000075' });
    expect(siret.statusCode).toBe(400);
    expect(siret.json().message).toBe(SIRET_INVALID);
    const vat = await create({ ...body, name: 'Mauvaise TVA', vatNumber: 'FR45732829320' });
    expect(vat.json().message).toBe(VAT_INVALID);
    expect(await app.db.select().from(suppliers).where(eq(suppliers.name, 'Mauvaise TVA'))).toEqual([]);
  });

  it('keeps each garage’s suppliers to itself', async () => {
    const parisSupplier = supplierSchema.parse(
      (await create({ ...body, name: 'Fournisseur parisien' }, parisCmd)).json(),
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/supplier/${parisSupplier.id}`, headers: { cookie: lyonAdmin } }))
        .statusCode,
    ).toBe(404);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/supplier/${parisSupplier.id}`,
      headers: { cookie: lyonAdmin },
      payload: { ...body, name: 'Volé' },
    });
    expect(edit.statusCode).toBe(404);
    const list = (
      await app.inject({
        method: 'GET',
        url: `/api/supplier/list?pageSize=100&columnsMap=${columnsMap}`,
        headers: { cookie: lyonAdmin },
      })
    ).json();
    expect(list.data.every((row: { companyName: string }) => row.companyName === 'Vitrage Express Lyon')).toBe(true);
    const [stored] = await app.db.select().from(suppliers).where(eq(suppliers.id, parisSupplier.id));
    expect(stored).toMatchObject({ name: 'Fournisseur parisien', companyId: paris });
  });
});
