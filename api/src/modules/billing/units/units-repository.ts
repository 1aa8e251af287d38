import {
  CONSUMPTION_COLUMNS,
  type ConsumptionRow,
  type PagingQuery,
  UNIT_KINDS,
  UNITS_INSUFFICIENT,
  UNITS_REDIRECT,
  type UnitKind,
} from 'contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { UNITS_CHANNEL } from '../../../db/pubsub';
import { companies, folders, unitLedger } from '../../../db/schema';
import { DomainError } from '../../../lib/domain-error';
import { pagedList } from '../../../lib/paged-list';

export interface UnitChange {
  companyId: number;
  /** Signed: a consumption is negative, a purchase positive. */
  units: number;
  kind: UnitKind;
  folderId?: number | null;
  reference?: string;
  userId?: number | null;
}

/**
 * THE way a unit balance changes: one statement moves `companies.jeton` only while it stays ≥ 0 (concurrent
 * consumptions queue on the row, none overdraws), and the ledger row is written in the same transaction; the
 * new balance is announced on UNITS_CHANNEL at commit.
 * Undefined when the balance would go below zero (nothing written).
 */
export async function applyUnits(tx: Transaction, change: UnitChange): Promise<number | undefined> {
  const [row] = await tx
    .update(companies)
    .set({ jeton: sql`${companies.jeton} + ${change.units}` })
    .where(and(eq(companies.id, change.companyId), sql`${companies.jeton} + ${change.units} >= 0`))
    .returning({ jeton: companies.jeton });
  if (!row) return undefined;
  // Heard by every instance at commit (never for a spending rolled back): UNITÉS moves in every open tab.
  await tx.execute(
    sql`select pg_notify(${UNITS_CHANNEL}, ${JSON.stringify({ companyId: change.companyId, jeton: row.jeton })})`,
  );
  await tx.insert(unitLedger).values({
    companyId: change.companyId,
    units: change.units,
    kind: change.kind,
    folderId: change.folderId ?? null,
    reference: change.reference ?? '',
    userId: change.userId ?? null,
    balanceAfter: row.jeton,
  });
  return row.jeton;
}

/**
 * applyUnits for a spending: the new balance, or the `no-units` refusal thrown inside the caller's transaction, which
 * undoes everything it wrote (the answer names the purchase page).
 */
export async function spendUnits(tx: Transaction, change: UnitChange): Promise<number> {
  const jeton = await applyUnits(tx, change);
  if (jeton === undefined) throw new DomainError('no-units', UNITS_INSUFFICIENT, { redirect: UNITS_REDIRECT });
  return jeton;
}

const folderLabel = sql<
  string | null
>`case when ${folders.id} is null then null else ${folders.number} || ' · ' || trim(${folders.firstName} || ' ' || ${folders.lastName}) end`;

const SORTS: Record<(typeof CONSUMPTION_COLUMNS)[number], SQL> = {
  date: sql`${unitLedger.createdAt}`,
  folder: sql`${folders.number}`,
  jetons: sql`${unitLedger.units}`,
  type: sql`${unitLedger.kind}`,
};

/** "Ma consommation": the ledger of the user's companies, tabs by kind (column 3), newest first by default. */
export async function listConsumption(db: Database, companyIds: number[], query: PagingQuery) {
  const {
    data: rows,
    totalRecords,
    statusCounts,
  } = await pagedList(
    {
      rows: db
        .select({
          id: unitLedger.id,
          date: unitLedger.createdAt,
          folderId: unitLedger.folderId,
          folder: folderLabel,
          jetons: unitLedger.units,
          type: unitLedger.kind,
        })
        .from(unitLedger)
        .leftJoin(folders, eq(folders.id, unitLedger.folderId))
        .$dynamic(),
      tabs: {
        key: 'type',
        column: unitLedger.kind,
        values: UNIT_KINDS,
        counts: db
          .select({ tab: unitLedger.kind, total: sql<number>`count(*)::int` })
          .from(unitLedger)
          .leftJoin(folders, eq(folders.id, unitLedger.folderId))
          .$dynamic(),
      },
      keys: CONSUMPTION_COLUMNS,
      defaultSort: { sort: 'date', dir: 'desc' },
      sorts: SORTS,
      nullsLast: true,
      tieBreak: [unitLedger.id],
      tieBreakFollowsSort: true,
      // The folder's number and its customer's name, each typed word with or without its accents.
      search: [
        sql`search_fold(${folders.number})`,
        sql`search_fold(${folders.lastName})`,
        sql`search_fold(${folders.firstName})`,
      ],
      scope: inArray(unitLedger.companyId, companyIds),
      filters: { type: (value) => eq(unitLedger.kind, value) },
    },
    query,
  );
  const data: ConsumptionRow[] = rows.map((row) => ({
    ...row,
    date: row.date.toISOString(),
    type: row.type as UnitKind,
  }));
  return { data, totalRecords, statusCounts };
}
