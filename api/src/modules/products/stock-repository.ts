import {
  type PagingQuery,
  STOCK_COLUMNS,
  type StockMovement,
  type StockMovementKind,
  type StockRow,
  type StockState,
} from 'contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { companies, products, stockLevels, stockMovements, users } from '../../db/schema';
import { resolvePaging } from '../../lib/paging';
import { matchesAllWords } from '../../lib/search';
import { visible } from './repository';

type Tx = Transaction;

export interface NewMovement {
  companyId: number;
  productId: number;
  kind: StockMovementKind;
  /** Signed: what enters (> 0) or leaves (< 0) the stock. */
  quantity: number;
  /** Cents, for what enters at a purchase price (receptions): it moves the weighted average. */
  unitCost: number | null;
  reason: string;
  reference: string;
  userId: number | null;
}

/**
 * Applies one movement: the stock changes in ONE statement (an upsert that adds, or an update that removes
 * only while enough remains), so concurrent movements queue on the row and none is lost; the movement is
 * written in the same transaction. Undefined when the stock would go below zero (nothing written).
 */
export async function applyStockMovement(tx: Tx, movement: NewMovement): Promise<number | undefined> {
  const { companyId, productId, quantity, unitCost } = movement;
  const rows =
    quantity > 0
      ? await tx
          .insert(stockLevels)
          .values({ companyId, productId, quantity, averageCost: unitCost ?? 0 })
          .onConflictDoUpdate({
            target: [stockLevels.companyId, stockLevels.productId],
            set: {
              quantity: sql`${stockLevels.quantity} + excluded.quantity`,
              averageCost:
                unitCost === null
                  ? sql`${stockLevels.averageCost}`
                  : sql`round((${stockLevels.quantity}::numeric * ${stockLevels.averageCost} + excluded.quantity::numeric * ${unitCost}) / (${stockLevels.quantity} + excluded.quantity))::int`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ quantity: stockLevels.quantity })
      : await tx
          .update(stockLevels)
          .set({ quantity: sql`${stockLevels.quantity} + ${quantity}`, updatedAt: new Date() })
          .where(
            and(
              eq(stockLevels.companyId, companyId),
              eq(stockLevels.productId, productId),
              sql`${stockLevels.quantity} + ${quantity} >= 0`,
            ),
          )
          .returning({ quantity: stockLevels.quantity });
  const [level] = rows;
  if (!level) return undefined;
  await tx.insert(stockMovements).values({ ...movement, quantityAfter: level.quantity });
  return level.quantity;
}

/** A stock-tracked product the garage may stock (its own, or the franchise catalogue's). */
export async function stockableProduct(db: Database | Tx, companyId: number, productId: number) {
  const [row] = await db
    .select({ id: products.id, stockTracked: products.stockTracked })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.id, productId), visible({ companyIds: [companyId] })));
  return row;
}

const quantity = sql<number>`coalesce(${stockLevels.quantity}, 0)`;
const threshold = sql<number>`coalesce(${stockLevels.threshold}, 0)`;
const averageCost = sql<number>`coalesce(${stockLevels.averageCost}, 0)`;
const value = sql<number>`(coalesce(${stockLevels.quantity}, 0)::bigint * coalesce(${stockLevels.averageCost}, 0))`;
const state = sql<StockState>`case when coalesce(${stockLevels.quantity}, 0) = 0 then 'out' when ${stockLevels.quantity} <= ${stockLevels.threshold} then 'low' else 'ok' end`;

const SORTS: Record<(typeof STOCK_COLUMNS)[number], SQL> = {
  name: sql`${products.name}`,
  productCode: sql`${products.productCode}`,
  quantity,
  threshold,
  averageCost,
  value,
  state,
};

/** The garage's stock: every stock-tracked product it may sell, with its quantity, threshold and value. */
export async function listStock(db: Database, companyId: number, query: PagingQuery) {
  const paging = resolvePaging(query, STOCK_COLUMNS, { sort: 'name', dir: 'asc' });
  const base: SQL[] = [
    eq(products.stockTracked, true),
    eq(products.disabled, false),
    visible({ companyIds: [companyId] }),
  ];
  const search = matchesAllWords(paging.search, [sql`${products.searchText}`]);
  if (search) base.push(search);
  const everything = and(...base);
  const tab = paging.filters.state as StockState | undefined;
  const shown = tab ? and(everything, sql`${state} = ${tab}`) : everything;
  const direction = paging.dir === 'asc' ? sql`asc` : sql`desc`;
  const [rows, perState] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        productCode: products.productCode,
        quantity,
        threshold,
        averageCost,
        value,
        state,
      })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .leftJoin(stockLevels, and(eq(stockLevels.productId, products.id), eq(stockLevels.companyId, companyId)))
      .where(shown)
      .orderBy(sql`${SORTS[paging.sort ?? 'name']} ${direction} nulls last`, products.id)
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ state, total: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .leftJoin(stockLevels, and(eq(stockLevels.productId, products.id), eq(stockLevels.companyId, companyId)))
      .where(everything)
      .groupBy(state),
  ]);
  const statusCounts: Record<string, number> = { all: 0, ok: 0, low: 0, out: 0 };
  for (const row of perState) {
    statusCounts[row.state] = row.total;
    statusCounts.all = (statusCounts.all ?? 0) + row.total;
  }
  const data: StockRow[] = rows.map((row) => ({ ...row, value: Number(row.value) }));
  return { data, totalRecords: tab ? (statusCounts[tab] ?? 0) : (statusCounts.all ?? 0), statusCounts };
}

/** The movements of one product in one garage, newest first. */
export async function listMovements(db: Database, companyId: number, productId: number): Promise<StockMovement[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
      unitCost: stockMovements.unitCost,
      reason: stockMovements.reason,
      reference: stockMovements.reference,
      quantityAfter: stockMovements.quantityAfter,
      user: sql<string | null>`trim(${users.firstname} || ' ' || ${users.name})`,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(and(eq(stockMovements.companyId, companyId), eq(stockMovements.productId, productId)))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as StockMovementKind,
    user: row.user ?? 'Système',
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Sets the low-stock threshold (creating the stock row at zero if the product was never stocked). */
export async function setThreshold(db: Database | Tx, companyId: number, productId: number, threshold: number) {
  await db
    .insert(stockLevels)
    .values({ companyId, productId, threshold })
    .onConflictDoUpdate({ target: [stockLevels.companyId, stockLevels.productId], set: { threshold } });
}

/** A movement typed on the stock page, in a transaction of its own (billing and the demo write theirs in larger ones). */
export const saveStockMovement = (db: Database, movement: NewMovement) =>
  db.transaction((tx) => applyStockMovement(tx, movement));
