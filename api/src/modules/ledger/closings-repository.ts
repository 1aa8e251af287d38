import { CLOSING_COLUMNS, CLOSING_KINDS, type ClosingKind, type ClosingRow, type PagingQuery } from 'contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, ledgerClosings } from '../../db/schema';
import { pagedList } from '../../lib/paged-list';

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
  const {
    data: rows,
    totalRecords,
    statusCounts,
  } = await pagedList(
    {
      rows: db
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
        .$dynamic(),
      tabs: {
        key: 'kind',
        column: ledgerClosings.kind,
        values: CLOSING_KINDS,
        counts: db
          .select({ tab: ledgerClosings.kind, total: sql<number>`count(*)::int` })
          .from(ledgerClosings)
          .innerJoin(companies, eq(companies.id, ledgerClosings.companyId))
          .$dynamic(),
      },
      keys: CLOSING_COLUMNS,
      defaultSort: { sort: 'period', dir: 'desc' },
      sorts: SORTS,
      tieBreak: [ledgerClosings.id],
      tieBreakFollowsSort: true,
      // Under TOUT, the garage's name (accents folded) picks one garage's closings.
      search: [sql`search_fold(${companies.name})`],
      scope: inArray(ledgerClosings.companyId, companyIds),
      filters: { kind: (value) => eq(ledgerClosings.kind, value) },
    },
    query,
  );
  const data: ClosingRow[] = rows.map((row) => ({
    ...row,
    kind: row.kind as ClosingKind,
    closedAt: row.closedAt.toISOString(),
  }));
  return { data, totalRecords, statusCounts };
}
