import {
  PRODUCT_COLUMNS,
  PRODUCT_ID_NOT_A_NUMBER,
  PRODUCT_READ_ONLY,
  PRODUCT_SUPPLIER_UNKNOWN,
  productBriefSchema,
  productDetailSchema,
  productListResponseSchema,
  productSearchResultSchema,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, products, suppliers } from '../src/db/schema';
import { createTestApp, login } from './helpers';
import { companyId, userId } from './notifications/fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let parisCmd: string;
let franchisor: string;
let independent: string;
let lyon: number;
let paris: number;

beforeAll(async () => {
  app = await createTestApp();
  [lyon, paris] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'paris')]);
  // 120 products of Lyon's own: enough to see the 100-row cap.
  await app.db.insert(products).values(
    Array.from({ length: 120 }, (_, index) => ({
      companyId: lyon,
      name: `Produit de test ${String(index).padStart(3, '0')}`,
      productCode: `T-${index}`,
      price: 1000 + index,
      category: index % 2 ? 'Autre' : 'Pièce mécanique',
    })),
  );
  // An independent garage's user who may see products (the demo has none): the accountant becomes CMD too.
  const accountant = await userId(app, 'comptable@demo.garage.fr');
  await app.db
    .update(memberships)
    .set({ roles: ['ROLE_COMPTABLE', 'ROLE_CMD'] })
    .where(eq(memberships.userId, accountant));
  [lyonAdmin, parisCmd, franchisor, independent] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'cmd@demo.garage.fr'),
    login(app, 'franchiseur@demo.garage.fr'),
    login(app, 'comptable@demo.garage.fr'),
  ]);
});
afterAll(() => app.close());

const columns = PRODUCT_COLUMNS.map((name) => ({
  data: name,
  name,
  searchable: true,
  orderable: true,
  search: { value: '', regex: false },
}));
const listBody = (extra: Record<string, unknown> = {}) => ({
  draw: 1,
  start: 0,
  length: 25,
  search: { value: '', regex: false },
  order: [],
  columns,
  ...extra,
});
const list = async (cookie: string, extra: Record<string, unknown> = {}) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/product/list',
    headers: { cookie },
    payload: listBody(extra),
  });
  expect(response.statusCode).toBe(200);
  return productListResponseSchema.parse(response.json());
};
const withFilter = (index: number, value: string) =>
  columns.map((column, at) => (at === index ? { ...column, search: { value, regex: false } } : column));
/** Byte order: the test databases sort text in the C collation. */
const compare = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string'
    ? Buffer.compare(Buffer.from(a), Buffer.from(b))
    : Number(a) - Number(b);

describe('POST /api/product/list (DataTables)', () => {
  it('answers code 200, draw echoed as a number, a page, the totals and the status counts', async () => {
    const page = await list(lyonAdmin, { draw: '7', start: 25, length: 10 });
    expect(page.code).toBe(200);
    expect(page.draw).toBe(7);
    expect(page.data).toHaveLength(10);
    expect(page.totalRecords).toBe(page.statusCounts.all);
    expect(page.nbPage).toBe(Math.ceil(page.totalRecords / 10));
    expect((page.statusCounts.enabled ?? 0) + (page.statusCounts.disabled ?? 0)).toBe(page.totalRecords);
  });

  it('caps length at 100', async () => {
    expect((await list(lyonAdmin, { length: 500 })).data).toHaveLength(100);
  });

  it('sorts by product_name descending by default, and by each column index both ways', async () => {
    const byDefault = await list(lyonAdmin, { length: 100 });
    const names = byDefault.data.map((row) => row.product_name);
    expect([...names].sort((a, b) => compare(b, a))).toEqual(names);
    for (const [index, key] of PRODUCT_COLUMNS.entries()) {
      for (const dir of ['asc', 'desc'] as const) {
        const page = await list(lyonAdmin, { length: 100, order: [{ column: index, dir }] });
        const values = page.data.map((row) => row[key]).filter((value) => value !== null);
        const sorted = [...values].sort((a, b) => (dir === 'asc' ? compare(a, b) : compare(b, a)));
        expect(values, `${key} ${dir}`).toEqual(sorted);
      }
    }
  });

  it('searches name, code and Eurocode; filters a column; the status tab keeps its counts', async () => {
    const clio = await list(lyonAdmin, { search: { value: 'CLIO', regex: false } });
    expect(clio.data.length).toBeGreaterThan(0);
    expect(clio.data.every((row) => /clio/i.test(row.product_name))).toBe(true);
    const eurocode = await list(lyonAdmin, { search: { value: '6054ag', regex: false } });
    expect(eurocode.data.map((row) => row.product_code)).toContain('6054AGSMVZ1B');
    const rear = await list(lyonAdmin, { columns: withFilter(4, 'lunette') });
    expect(rear.data.length).toBeGreaterThan(0);
    expect(rear.data.every((row) => row.category === 'Lunette arrière')).toBe(true);
    // Any part of a category's name, any case, matches that category; a text no category holds, none.
    const glass = await list(lyonAdmin, { columns: withFilter(4, 'BRISE') });
    expect(new Set(glass.data.map((row) => row.category))).toEqual(new Set(['Pare-brise']));
    expect((await list(lyonAdmin, { columns: withFilter(4, 'cabriolet') })).totalRecords).toBe(0);
    const disabled = await list(lyonAdmin, { columns: withFilter(5, 'true') });
    expect(disabled.data.every((row) => row.disabled)).toBe(true);
    expect(disabled.totalRecords).toBe(disabled.statusCounts.disabled);
    expect(disabled.statusCounts.all).toBeGreaterThan(disabled.totalRecords);
  });

  it('pages a search as it pages the whole list: one order, no gap or repeat, counts per tab', async () => {
    // A search takes its own path (one scan of the matches for the page and the counts): it must answer alike.
    const byPrice = { search: { value: 'pare-brise', regex: false }, order: [{ column: 3, dir: 'asc' }] };
    const all = await list(lyonAdmin, { ...byPrice, length: 100 });
    expect(all.data.length).toBeGreaterThan(10);
    const prices = all.data.map((row) => row.product_price);
    expect(prices).toEqual([...prices].sort(compare));
    const first = await list(lyonAdmin, { ...byPrice, length: 5 });
    const second = await list(lyonAdmin, { ...byPrice, start: 5, length: 5 });
    expect([...first.data, ...second.data].map((row) => row.id)).toEqual(all.data.slice(0, 10).map((row) => row.id));
    expect(all.totalRecords).toBe(all.statusCounts.all);
    expect((all.statusCounts.enabled ?? 0) + (all.statusCounts.disabled ?? 0)).toBe(all.totalRecords);
    const enabledTab = await list(lyonAdmin, { ...byPrice, columns: withFilter(5, 'false') });
    expect(enabledTab.totalRecords).toBe(all.statusCounts.enabled);
    expect(enabledTab.statusCounts).toEqual(all.statusCounts);
    expect(enabledTab.data.every((row) => !row.disabled)).toBe(true);
    const nothing = await list(lyonAdmin, { search: { value: 'zzz introuvable', regex: false } });
    expect(nothing).toMatchObject({ data: [], totalRecords: 0, statusCounts: { all: 0, enabled: 0, disabled: 0 } });
  });

  it('finds a name typed without its accents, in the list and the line autocomplete (the one search)', async () => {
    const [row] = await app.db
      .insert(products)
      .values({
        companyId: lyon,
        name: 'Joint de lunette arrière Lefèvre',
        productCode: 'LF-1',
        price: 500,
        category: 'Autre',
      })
      .returning({ id: products.id });
    const found = await list(lyonAdmin, { search: { value: 'lefevre arriere', regex: false } });
    expect(found.data.map((each) => each.product_name)).toEqual(['Joint de lunette arrière Lefèvre']);
    const autocomplete = await app.inject({
      method: 'GET',
      url: '/api/product/search?term=lefevre',
      headers: { cookie: lyonAdmin },
    });
    expect(JSON.stringify(autocomplete.json())).toContain(String(row?.id));
  });

  it('shows a centre its own products and the franchise catalogue (read-only), never another garage’s', async () => {
    const page = await list(lyonAdmin, { length: 100, search: { value: 'pare-brise', regex: false } });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((row) => row.company === 'Vitrage Express Siège' && !row.editable)).toBe(true);
    const own = await list(lyonAdmin, { search: { value: 'Produit de test', regex: false } });
    expect(own.data.every((row) => row.editable)).toBe(true);
    expect((await list(parisCmd, { search: { value: 'Produit de test', regex: false } })).totalRecords).toBe(0);
  });

  it('keeps the franchise catalogue out of another network', async () => {
    const page = await list(independent, { length: 100 });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((row) => row.company === 'Garage du Centre')).toBe(true);
  });

  it('answers 400 in French for a malformed request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/product/list',
      headers: { cookie: lyonAdmin },
      payload: { ...listBody(), start: -1 },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /product/{id} and /product/search/{term}', () => {
  it('gives a line what it needs, and says "id is not a number" for anything else', async () => {
    const [clio] = await app.db.select().from(products).where(eq(products.eurocode, '6054AGSMVZ1B'));
    if (!clio) throw new Error('no demo product');
    const response = await app.inject({ method: 'GET', url: `/product/${clio.id}`, headers: { cookie: lyonAdmin } });
    expect(productBriefSchema.parse(response.json())).toEqual({
      id: clio.id,
      name: 'Pare-brise Renault Clio V',
      description: clio.description,
      productCode: '6054AGSMVZ1B',
      price: 32_900,
      unit: 'piece',
    });
    const notNumber = await app.inject({ method: 'GET', url: '/product/abc', headers: { cookie: lyonAdmin } });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().message).toBe(PRODUCT_ID_NOT_A_NUMBER);
    expect(
      (await app.inject({ method: 'GET', url: `/product/${clio.id}`, headers: { cookie: independent } })).statusCode,
    ).toBe(404);
  });

  it('returns [{label, value, price}] of enabled visible products', async () => {
    const found = productSearchResultSchema.parse(
      (await app.inject({ method: 'GET', url: '/product/search/clio', headers: { cookie: lyonAdmin } })).json(),
    );
    expect(found).toContainEqual({
      label: 'Pare-brise Renault Clio V (6054AGSMVZ1B)',
      value: expect.any(Number),
      price: 32_900,
    });
    const old = (
      await app.inject({ method: 'GET', url: '/api/product/search?term=2h', headers: { cookie: lyonAdmin } })
    ).json();
    expect(old).toEqual([]);
  });
});

describe('saving products', () => {
  const body = { name: 'Kit rétroviseur', price: '49,90', category: 'Pièce mécanique', vatRate: 20, unit: 'piece' };

  it('creates a product of the selected garage (price in cents), edits and disables it', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { cookie: lyonAdmin },
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const product = productDetailSchema.parse(created.json());
    expect(product).toMatchObject({ price: 4990, company: 'Vitrage Express Lyon', editable: true, disabled: false });
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: { cookie: lyonAdmin },
      payload: { ...body, price: 52, disabled: true, eurocode: '2436agnmv1b' },
    });
    expect(productDetailSchema.parse(saved.json())).toMatchObject({
      price: 5200,
      disabled: true,
      eurocode: '2436AGNMV1B',
    });
  });

  it('leaves the franchise catalogue to the franchisor (403 for a centre), another garage’s products hidden (404)', async () => {
    const [shared] = await app.db
      .select()
      .from(products)
      .where(and(eq(products.shared, true)));
    if (!shared) throw new Error('no shared product');
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/product/${shared.id}`,
      headers: { cookie: lyonAdmin },
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PRODUCT_READ_ONLY);
    const [parisOwn] = await app.db.select().from(products).where(eq(products.companyId, paris));
    const hidden = await app.inject({
      method: 'PUT',
      url: `/api/product/${parisOwn?.id}`,
      headers: { cookie: lyonAdmin },
      payload: body,
    });
    expect(hidden.statusCode).toBe(404);
    const [unchanged] = await app.db.select().from(products).where(eq(products.id, shared.id));
    expect(unchanged?.name).toBe(shared.name);
    const share = await app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { cookie: lyonAdmin },
      payload: { ...body, shared: true },
    });
    expect(share.statusCode).toBe(403);
  });

  it('lets the franchisor share a product with every centre', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { cookie: franchisor },
      payload: { ...body, name: 'Pare-brise Fiat 500 (nouveau)', shared: true, category: 'Pare-brise' },
    });
    expect(created.statusCode).toBe(201);
    const seen = await list(parisCmd, { search: { value: 'Fiat 500 (nouveau)', regex: false } });
    expect(seen.data.map((row) => row.editable)).toEqual([false]);
  });

  it('says in French what is wrong, saving nothing', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { cookie: lyonAdmin },
      payload: { ...body, name: 'Prix faux', price: '12,345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Prix HT invalide : un nombre positif avec 2 décimales au plus');
    const eurocode = await app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { cookie: lyonAdmin },
      payload: { ...body, eurocode: 'XX' },
    });
    expect(eurocode.json().message).toMatch(/^Eurocode invalide/);
    expect(await app.db.select().from(products).where(eq(products.name, 'Prix faux'))).toEqual([]);
  });
});

describe('the product’s supplier', () => {
  it('is one of the garage’s suppliers, shown by name; another garage’s is refused', async () => {
    const [lyonSupplier] = await app.db.select().from(suppliers).where(eq(suppliers.companyId, lyon));
    const [parisSupplier] = await app.db.select().from(suppliers).where(eq(suppliers.companyId, paris));
    const body = { name: 'Joint lunette', price: '9', supplierId: lyonSupplier?.id };
    const created = await app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { cookie: lyonAdmin },
      payload: body,
    });
    expect(productDetailSchema.parse(created.json())).toMatchObject({
      supplierId: lyonSupplier?.id,
      supplier: lyonSupplier?.name,
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { cookie: lyonAdmin },
      payload: { ...body, supplierId: parisSupplier?.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PRODUCT_SUPPLIER_UNKNOWN);
  });
});
