import {
  STOCK_COLUMNS,
  STOCK_INSUFFICIENT,
  STOCK_NOT_TRACKED,
  STOCK_PICK_GARAGE,
  stockListResponseSchema,
  stockMovementListSchema,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockLevels, stockMovements } from '../src/db/schema';
import { createTestApp, login } from './helpers';
import { companyId } from './notifications/fixtures';

let app: FastifyInstance;
let lyonAdmin: string;
let multi: string;
let lyon: number;
let paris: number;

beforeAll(async () => {
  app = await createTestApp();
  [lyon, paris] = await Promise.all([companyId(app, 'lyon'), companyId(app, 'paris')]);
  [lyonAdmin, multi] = await Promise.all([
    login(app, 'poseur.admin@demo.garage.fr'),
    login(app, 'multi@demo.garage.fr'),
  ]);
  expect((await app.inject({ method: 'POST', url: '/company/select/0', headers: { cookie: multi } })).statusCode).toBe(
    200,
  );
});
afterAll(() => app.close());

let counter = 0;
/** A stock-tracked product of the test's own. */
async function ownProduct(company = lyon, stockTracked = true) {
  counter += 1;
  const [row] = await app.db
    .insert(products)
    .values({ companyId: company, name: `Article de stock ${counter}`, price: 5000, stockTracked })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  return row.id;
}
const move = (payload: object, cookie = lyonAdmin) =>
  app.inject({ method: 'POST', url: '/api/stock/movements', headers: { cookie }, payload });
const level = async (productId: number) =>
  (
    await app.db
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.companyId, lyon), eq(stockLevels.productId, productId)))
  )[0];
const columnsMap = encodeURIComponent(JSON.stringify(STOCK_COLUMNS));

describe('stock movements', () => {
  it('receptions move the weighted average price; an adjustment keeps it; every movement is kept', async () => {
    const productId = await ownProduct();
    expect(
      (await move({ productId, kind: 'reception', quantity: 10, unitCost: '10,00', reference: 'BL-1' })).json(),
    ).toEqual({ quantity: 10 });
    expect((await move({ productId, kind: 'reception', quantity: 10, unitCost: '20' })).json()).toEqual({
      quantity: 20,
    });
    expect((await level(productId))?.averageCost).toBe(1500);
    const adjusted = await move({ productId, kind: 'adjustment', quantity: -5, reason: 'Casse à la pose' });
    expect(adjusted.statusCode).toBe(201);
    expect(await level(productId)).toMatchObject({ quantity: 15, averageCost: 1500 });
    const history = stockMovementListSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/stock/${productId}/movements`, headers: { cookie: lyonAdmin } })
      ).json(),
    );
    expect(history.map((item) => [item.kind, item.quantity, item.quantityAfter])).toEqual([
      ['adjustment', -5, 15],
      ['reception', 10, 20],
      ['reception', 10, 10],
    ]);
  });

  it('never goes below zero: refused in French (409), nothing written', async () => {
    const productId = await ownProduct();
    await move({ productId, kind: 'reception', quantity: 2, unitCost: 10 });
    const refused = await move({ productId, kind: 'adjustment', quantity: -3, reason: 'Inventaire' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOCK_INSUFFICIENT);
    expect((await level(productId))?.quantity).toBe(2);
    const never = await ownProduct();
    expect((await move({ productId: never, kind: 'adjustment', quantity: -1, reason: 'Inventaire' })).statusCode).toBe(
      409,
    );
    expect(await app.db.select().from(stockMovements).where(eq(stockMovements.productId, never))).toEqual([]);
  });

  it('loses no concurrent movement, and lets exactly what is there go out', async () => {
    const productId = await ownProduct();
    const ins = await Promise.all(
      Array.from({ length: 20 }, () => move({ productId, kind: 'reception', quantity: 1, unitCost: '5' })),
    );
    expect(ins.every((answer) => answer.statusCode === 201)).toBe(true);
    expect((await level(productId))?.quantity).toBe(20);
    const outs = await Promise.all(
      Array.from({ length: 30 }, () => move({ productId, kind: 'adjustment', quantity: -1, reason: 'Sortie' })),
    );
    expect(outs.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    expect(outs.filter((answer) => answer.statusCode === 409)).toHaveLength(10);
    expect((await level(productId))?.quantity).toBe(0);
    expect(await app.db.select().from(stockMovements).where(eq(stockMovements.productId, productId))).toHaveLength(40);
  });

  it('says what is wrong in French', async () => {
    const productId = await ownProduct();
    const noCost = await move({ productId, kind: 'reception', quantity: 3 });
    expect(noCost.json().message).toBe('Le prix d’achat unitaire HT est obligatoire');
    const noReason = await move({ productId, kind: 'adjustment', quantity: 3 });
    expect(noReason.json().message).toBe('Indiquez la raison de l’ajustement');
    const untracked = await ownProduct(lyon, false);
    const notTracked = await move({ productId: untracked, kind: 'adjustment', quantity: 1, reason: 'x' });
    expect(notTracked.statusCode).toBe(400);
    expect(notTracked.json().message).toBe(STOCK_NOT_TRACKED);
  });

  it('keeps other garages out: another garage’s product is not found, TOUT must pick a garage', async () => {
    const parisProduct = await ownProduct(paris);
    expect((await move({ productId: parisProduct, kind: 'adjustment', quantity: 1, reason: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/stock/${parisProduct}/movements`, headers: { cookie: lyonAdmin } }))
        .statusCode,
    ).toBe(404);
    const all = await app.inject({ method: 'GET', url: '/api/stock/list', headers: { cookie: multi } });
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(STOCK_PICK_GARAGE);
  });
});

describe('GET /api/stock/list', () => {
  it('lists the garage’s stock with its state, the tabs adding up, low stock at or under the threshold', async () => {
    const productId = await ownProduct();
    await move({ productId, kind: 'reception', quantity: 3, unitCost: '12,50' });
    await app.inject({
      method: 'PUT',
      url: `/api/stock/${productId}/threshold`,
      headers: { cookie: lyonAdmin },
      payload: { threshold: 3 },
    });
    const page = stockListResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/stock/list?pageSize=100&columnsMap=${columnsMap}`,
          headers: { cookie: lyonAdmin },
        })
      ).json(),
    );
    const row = page.data.find((item) => item.id === productId);
    expect(row).toMatchObject({ quantity: 3, threshold: 3, averageCost: 1250, value: 3750, state: 'low' });
    const { all, ok, low, out } = page.statusCounts ?? {};
    expect((ok ?? 0) + (low ?? 0) + (out ?? 0)).toBe(all);
    const lowTab = stockListResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/stock/list?pageSize=100&columnsMap=${columnsMap}&filters=${encodeURIComponent(JSON.stringify({ 6: 'low' }))}`,
          headers: { cookie: lyonAdmin },
        })
      ).json(),
    );
    expect(lowTab.data.every((item) => item.state === 'low')).toBe(true);
    expect(lowTab.totalRecords).toBe(low);
  });
});
