import {
  formatPlate,
  OPENING_BALANCE_TYPE,
  type PagingQuery,
  RECOVERY_COLUMNS,
  RECOVERY_TABS,
  type RecoveryColumn,
  type RecoveryDebtorKind,
  type RecoveryEvent,
  type RecoveryRow,
  type RecoveryStage,
  type RecoveryTab,
} from 'contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, folders, recoveries, recoveryEvents, users } from '../../db/schema';
import { containsPattern } from '../../lib/like';
import { resolvePaging } from '../../lib/paging';
import { PARIS_TODAY } from '../../lib/paris-time';
import { isReceivableType } from '../../lib/receivable-type';
import { matchesAllWords } from '../../lib/search';
import { folderSearch } from '../folders/repository';

/*
 * Recoveries: what is owed is always read from the invoice (total - paid - issued credit notes), never copied.
 * Every write (opening, stage, comment) is one transaction: the recovery, its event, the folder's history row and,
 * for the opening, the unit.
 */

/** Today in France: an invoice is overdue the day after its due date. */
const today = PARIS_TODAY;
/** Issued credit notes correcting the invoice (their totals are negative; counted by magnitude). */
const credited = sql`coalesce((select sum(abs(credit.total_amount)) from billing_documents credit where credit.source_id = ${billingDocuments.id} and credit.type = 'credit-note' and credit.status = 'issued'), 0)`;
export const amountDue = sql<number>`greatest(${billingDocuments.totalAmount} - ${billingDocuments.paidAmount} - ${credited}, 0)::int`;
const daysOverdue = sql<number>`greatest(${today} - ${billingDocuments.dueDate}, 0)::int`;
/** Where a row shows (RECOVERY_TABS); constants written in the text, so that GROUP BY 1 reads the same expression. */
const tabOf = sql<RecoveryTab>`case when ${recoveries.id} is null then 'a_relancer' when ${recoveries.stage} = 'closed' or ${amountDue} <= 0 then 'closed' else ${recoveries.stage} end`;
const debtorName = sql<string>`${billingDocuments.customer}->>'name'`;
export const isOverdueUnpaid = sql`(${billingDocuments.status} in ('issued', 'partial') and ${billingDocuments.dueDate} < ${today} and ${amountDue} > 0)`;
/**
 * An e-invoice the buyer refused (210) or its platform rejected (213): still owed, and to be dealt with now (a credit
 * note and a new invoice, or a call), whatever its due date.
 */
const refusedThroughPlatform = sql`(${billingDocuments.platformStatus} in ('210', '213') and ${amountDue} > 0)`;

const STAGE_ORDER = sql`case ${tabOf} when 'a_relancer' then 0 when 'amiable' then 1 when 'mise_en_demeure' then 2 when 'contentieux' then 3 else 4 end`;
const SORTS: Record<RecoveryColumn, SQL> = {
  folder: sql`${folders.number}`,
  document: sql`${billingDocuments.number}`,
  debtor: debtorName,
  amountDue,
  daysOverdue: sql`(${today} - ${billingDocuments.dueDate})`,
  tab: STAGE_ORDER,
  lastEventAt: sql`${recoveries.updatedAt}`,
};

const FILTERS: Partial<Record<RecoveryColumn, (value: string) => SQL | undefined>> = {
  folder: (value) => folderSearch(value),
  document: (value) => sql`${billingDocuments.number} ilike ${containsPattern(value)}`,
  debtor: (value) => sql`${debtorName} ilike ${containsPattern(value)}`,
};

/**
 * /recovery/list/all: over the caller's companies, the issued invoices overdue and unpaid with no recovery yet
 * ("à relancer") and every invoice under recovery, by tab; the count per tab (over everything asked for but the
 * tab) in one grouped query. Default: the oldest due date first.
 */
export async function listRecoveries(db: Database, companyIds: number[], query: PagingQuery) {
  const paging = resolvePaging(
    { ...query, columnsMap: query.columnsMap ?? JSON.stringify(RECOVERY_COLUMNS) },
    RECOVERY_COLUMNS,
    { sort: 'daysOverdue', dir: 'desc' },
  );
  const base: (SQL | undefined)[] = [
    inArray(billingDocuments.companyId, companyIds),
    isReceivableType,
    sql`(${recoveries.id} is not null or ${isOverdueUnpaid} or ${refusedThroughPlatform})`,
  ];
  base.push(matchesAllWords(paging.search, [sql`${billingDocuments.searchText}`, sql`${folders.searchText}`]));
  for (const [key, value] of Object.entries(paging.filters) as [RecoveryColumn, string][]) {
    base.push(FILTERS[key]?.(value));
  }
  const wanted = paging.filters.tab;
  const tab = (RECOVERY_TABS as readonly string[]).includes(wanted ?? '') ? (wanted as RecoveryTab) : undefined;
  const everything = and(...base);
  const shown = tab ? and(everything, sql`${tabOf} = ${tab}`) : everything;
  const direction = sql.raw(paging.dir === 'asc' ? 'asc' : 'desc');

  const [rows, perTab] = await Promise.all([
    db
      .select({
        recoveryId: recoveries.id,
        documentId: billingDocuments.id,
        documentNumber: billingDocuments.number,
        openingBalance: sql<boolean>`${billingDocuments.type} = ${OPENING_BALANCE_TYPE}`,
        folderId: billingDocuments.folderId,
        folderNumber: folders.number,
        plate: folders.plate,
        billTo: billingDocuments.billTo,
        debtorName,
        amountDue,
        dueDate: billingDocuments.dueDate,
        daysOverdue,
        stage: recoveries.stage,
        tab: tabOf,
      })
      .from(billingDocuments)
      .leftJoin(recoveries, eq(recoveries.documentId, billingDocuments.id))
      .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
      .where(shown)
      .orderBy(sql`${SORTS[paging.sort ?? 'daysOverdue']} ${direction} nulls last`, sql`${billingDocuments.id} asc`)
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ tab: tabOf, total: sql<number>`count(*)::int` })
      .from(billingDocuments)
      .leftJoin(recoveries, eq(recoveries.documentId, billingDocuments.id))
      .leftJoin(folders, eq(folders.id, billingDocuments.folderId))
      .where(everything)
      .groupBy(sql`1`),
  ]);

  const recoveryIds = rows.flatMap((row) => (row.recoveryId === null ? [] : [row.recoveryId]));
  const latest = recoveryIds.length
    ? await db
        .selectDistinctOn([recoveryEvents.recoveryId], {
          recoveryId: recoveryEvents.recoveryId,
          kind: recoveryEvents.kind,
          createdAt: recoveryEvents.createdAt,
        })
        .from(recoveryEvents)
        .where(inArray(recoveryEvents.recoveryId, recoveryIds))
        .orderBy(recoveryEvents.recoveryId, desc(recoveryEvents.createdAt), desc(recoveryEvents.id))
    : [];
  const lastOf = new Map(latest.map((event) => [event.recoveryId, event]));

  const statusCounts: Record<string, number> = { all: 0 };
  for (const key of RECOVERY_TABS) statusCounts[key] = 0;
  for (const row of perTab) {
    statusCounts[row.tab] = row.total;
    statusCounts.all = (statusCounts.all ?? 0) + row.total;
  }
  const data: RecoveryRow[] = rows.map(({ billTo, plate, documentNumber, debtorName, dueDate, stage, ...same }) => {
    const last = same.recoveryId === null ? undefined : lastOf.get(same.recoveryId);
    return {
      ...same,
      documentNumber: documentNumber ?? '',
      plate: plate ? formatPlate(plate) : null,
      debtorKind: (billTo === 'insurer' ? 'assureur' : 'client') as RecoveryDebtorKind,
      debtorName: debtorName ?? '',
      dueDate: dueDate ?? '',
      stage: stage as RecoveryStage | null,
      lastEventAt: last ? last.createdAt.toISOString() : null,
      lastEventKind: last ? (last.kind as 'stage' | 'comment') : null,
    };
  });
  return { data, totalRecords: tab ? (statusCounts[tab] ?? 0) : (statusCounts.all ?? 0), statusCounts };
}

// ---------------------------------------------------------------- events

const userName = sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.name}), '')`;

/** A recovery's steps, newest first (or the one event `eventId`); undefined when the recovery is outside the scope. */
export async function listEvents(
  db: Database,
  companyIds: number[],
  id: number,
  eventId?: number,
): Promise<RecoveryEvent[] | undefined> {
  const [recovery] = await db
    .select({ id: recoveries.id })
    .from(recoveries)
    .where(and(eq(recoveries.id, id), inArray(recoveries.companyId, companyIds)));
  if (!recovery) return undefined;
  const rows = await db
    .select({
      id: recoveryEvents.id,
      recoveryId: recoveryEvents.recoveryId,
      kind: recoveryEvents.kind,
      fromStage: recoveryEvents.fromStage,
      toStage: recoveryEvents.toStage,
      content: recoveryEvents.content,
      user: userName,
      createdAt: recoveryEvents.createdAt,
    })
    .from(recoveryEvents)
    .leftJoin(users, eq(users.id, recoveryEvents.userId))
    .where(
      eventId === undefined
        ? eq(recoveryEvents.recoveryId, id)
        : and(eq(recoveryEvents.recoveryId, id), eq(recoveryEvents.id, eventId)),
    )
    .orderBy(desc(recoveryEvents.createdAt), desc(recoveryEvents.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as RecoveryEvent['kind'],
    fromStage: row.fromStage as RecoveryStage | null,
    toStage: row.toStage as RecoveryStage | null,
    user: row.user ?? 'Système',
    createdAt: row.createdAt.toISOString(),
  }));
}
