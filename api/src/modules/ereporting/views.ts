import {
  EREPORT_COLUMNS,
  EREPORT_KINDS,
  EREPORT_STATUS_LABELS,
  type EreportKind,
  type EreportOverview,
  type EreportStatus,
  type EreportTransmission,
  type PagingQuery,
  PERIODICITY_LABELS,
  reportPeriodicity,
  vatFilingLabel,
} from 'contracts';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { ereportTransmissions, outbox } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { pagedList } from '../../lib/paged-list';
import { connectedGarages } from '../einvoicing/incoming-sync';
import { periodLabel } from './periods';
import { CORRECTABLE, reportingGarage } from './transmissions';

/** What the page says above its table: the platform, the regime, its rhythm, what waits for a correction. */
export async function ereportOverview(db: Database, companyId: number): Promise<EreportOverview> {
  const garage = await reportingGarage(db, companyId);
  if (!garage) throw notFound('Garage introuvable');
  const [waiting] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(ereportTransmissions)
    .where(and(eq(ereportTransmissions.companyId, companyId), inArray(ereportTransmissions.status, CORRECTABLE)));
  return {
    connected: (await connectedGarages(db)).includes(companyId),
    vatFiling: garage.vatFiling,
    vatFilingLabel: vatFilingLabel(garage.vatFiling),
    transactionsEvery: PERIODICITY_LABELS[reportPeriodicity(garage.vatFiling, 'transactions')],
    paymentsEvery: PERIODICITY_LABELS[reportPeriodicity(garage.vatFiling, 'payments')],
    reportsPayments: garage.reportsPayments,
    toCorrect: waiting?.total ?? 0,
  };
}

/** Why a queued one has not left yet (the outbox's last failure and its next try), else its own reason. */
function reasonOf(status: string, reason: string | null, deposit: { lastError: string | null; next: Date | null }) {
  if (status !== 'queued' || !deposit.lastError) return reason;
  const next = deposit.next
    ? ` — nouvel essai le ${deposit.next.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}`
    : '';
  return `Non transmis : ${deposit.lastError}${next}`;
}

const SORTS = {
  period: ereportTransmissions.periodStart,
  kind: ereportTransmissions.kind,
  status: ereportTransmissions.status,
  amount: ereportTransmissions.amount,
  tax: ereportTransmissions.tax,
  count: ereportTransmissions.count,
  depositedAt: ereportTransmissions.depositedAt,
} as const;

/** A transmission as listed: everything but its file (only whether it has one). */
const { file: _file, sha256: _sha256, ...listedColumns } = getTableColumns(ereportTransmissions);
const rowColumns = {
  row: listedColumns,
  hasFile: sql<boolean>`${ereportTransmissions.file} is not null`.mapWith(Boolean),
  lastError: outbox.lastError,
  next: outbox.nextAttemptAt,
};

type Listed = {
  row: Omit<typeof ereportTransmissions.$inferSelect, 'file' | 'sha256'>;
  hasFile: boolean;
  lastError: string | null;
  next: Date | null;
};

function toView({ row, hasFile, lastError, next }: Listed): EreportTransmission {
  return {
    id: row.id,
    kind: row.kind as EreportKind,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    periodLabel: periodLabel({ start: row.periodStart, end: row.periodEnd }),
    correctsId: row.correctsId,
    status: row.status as EreportStatus,
    statusLabel: EREPORT_STATUS_LABELS[row.status as EreportStatus] ?? row.status,
    reason: reasonOf(row.status, row.reason, { lastError, next }),
    amount: row.amount,
    tax: row.tax,
    count: row.count,
    createdAt: row.createdAt.toISOString(),
    depositedAt: row.depositedAt?.toISOString() ?? null,
    correctable: CORRECTABLE.includes(row.status as EreportStatus),
    hasFile,
    lines: row.lines,
  };
}

/** The garage's transmissions, one page: newest period first, tabs by report, a correction after what it corrects. */
export async function listTransmissions(db: Database, companyId: number, query: PagingQuery) {
  const { data, totalRecords, statusCounts } = await pagedList(
    {
      rows: db
        .select(rowColumns)
        .from(ereportTransmissions)
        .leftJoin(outbox, eq(outbox.id, ereportTransmissions.outboxId))
        .$dynamic(),
      tabs: {
        key: 'kind',
        column: ereportTransmissions.kind,
        values: EREPORT_KINDS,
        counts: db
          .select({ tab: ereportTransmissions.kind, total: sql<number>`count(*)::int` })
          .from(ereportTransmissions)
          .$dynamic(),
      },
      keys: EREPORT_COLUMNS,
      defaultSort: { sort: 'period', dir: 'desc' },
      sorts: SORTS,
      tieBreak: [ereportTransmissions.id],
      tieBreakFollowsSort: true,
      // The reason of a rejection or a block (« doublon », a platform's code) finds it.
      search: [sql`search_fold(coalesce(${ereportTransmissions.reason}, ''))`],
      scope: eq(ereportTransmissions.companyId, companyId),
      filters: {
        kind: (value) => eq(ereportTransmissions.kind, value),
        status: (value) => eq(ereportTransmissions.status, value),
      },
    },
    query,
  );
  return { data: data.map(toView), totalRecords, statusCounts };
}

/** A transmission's file, as deposited. */
export async function transmissionFile(db: Database, companyId: number, id: number) {
  const [row] = await db
    .select({
      file: ereportTransmissions.file,
      kind: ereportTransmissions.kind,
      start: ereportTransmissions.periodStart,
    })
    .from(ereportTransmissions)
    .where(and(eq(ereportTransmissions.id, id), eq(ereportTransmissions.companyId, companyId)));
  if (!row?.file) throw notFound('Fichier introuvable : cette transmission n’a pas été déposée');
  return {
    bytes: row.file,
    name: `e-reporting-${row.kind === 'transactions' ? 'ventes' : 'encaissements'}-${row.start}-${id}.xml`,
  };
}
