import { CLOSING_COLUMNS, CLOSING_KINDS, type ClosingKind, type ClosingRow, type PagingQuery } from 'contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, ledgerClosings } from '../../db/schema';
import { resolvePaging } from '../../lib/paging';

const SORTS = {
  period: ledgerClosings.periodEnd,
  kind: ledgerClosings.kind,
  garage: companies.name,
  records: sql`(${ledgerClosings.totals} ->> 'records')::int`,
  sales: sql`((${ledgerClosings.totals} -> 'invoices' ->> 'total')::bigint + (${ledgerClosings.totals} -> 'creditNotes' ->> 'total')::bigint)`,
  // Sums of several keys: not sortable on screen, the period's order.
  vat: ledgerClosings.periodEnd,
  receipts: ledgerClosings.periodEnd,
  grandTotal: sql`(${ledgerClosings.totals} -> 'grand' ->> 'salesTotal')::bigint`,
  closedAt: ledgerClosings.closedAt,
} as const;

/** `/api/closings/list`: the closings of the user's garages, tabs by kind (column 1), latest period first. */
export async function listClosings(db: Database, companyIds: number[], query: PagingQuery) {
  const paging = resolvePaging(query, CLOSING_COLUMNS, { sort: 'period', dir: 'desc' });
  const everything = inArray(ledgerClosings.companyId, companyIds);
  const tab = (CLOSING_KINDS as readonly string[]).includes(paging.filters.kind ?? '')
    ? (paging.filters.kind as ClosingKind)
    : undefined;
  const shown = tab ? (and(everything, eq(ledgerClosings.kind, tab)) as SQL) : everything;
  const direction = paging.dir === 'asc' ? sql`asc` : sql`desc`;
  const [rows, perKind] = await Promise.all([
    db
      .select({
        id: ledgerClosings.id,
        companyId: ledgerClosings.companyId,
        garage: companies.name,
        kind: ledgerClosings.kind,
        periodStart: ledgerClosings.periodStart,
        periodEnd: ledgerClosings.periodEnd,
        totals: ledgerClosings.totals,
        seq: ledgerClosings.seq,
        hash: ledgerClosings.hash,
        closedAt: ledgerClosings.closedAt,
      })
      .from(ledgerClosings)
      .innerJoin(companies, eq(companies.id, ledgerClosings.companyId))
      .where(shown)
      .orderBy(sql`${SORTS[paging.sort ?? 'period']} ${direction}`, sql`${ledgerClosings.id} ${direction}`)
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ kind: ledgerClosings.kind, total: sql<number>`count(*)::int` })
      .from(ledgerClosings)
      .where(everything)
      .groupBy(ledgerClosings.kind),
  ]);
  const statusCounts: Record<string, number> = { all: 0, day: 0, month: 0, year: 0 };
  for (const row of perKind) {
    statusCounts[row.kind] = row.total;
    statusCounts.all = (statusCounts.all ?? 0) + row.total;
  }
  const data: ClosingRow[] = rows.map((row) => ({
    ...row,
    kind: row.kind as ClosingKind,
    closedAt: row.closedAt.toISOString(),
  }));
  return { data, totalRecords: tab ? (statusCounts[tab] ?? 0) : (statusCounts.all ?? 0), statusCounts };
}
