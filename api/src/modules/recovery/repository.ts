import {
  formatPlate,
  type PagingQuery,
  RECOVERY_ALREADY_OPEN,
  RECOVERY_COLUMNS,
  RECOVERY_INVOICE_NOT_FOUND,
  RECOVERY_NOT_FOUND,
  RECOVERY_NOT_ISSUED,
  RECOVERY_NOT_OVERDUE,
  RECOVERY_NOTHING_DUE,
  RECOVERY_SAME_STAGE,
  RECOVERY_STAGE_LABELS,
  RECOVERY_TABS,
  RECOVERY_UNIT_COST,
  type RecoveryColumn,
  type RecoveryDebtorKind,
  type RecoveryEvent,
  type RecoveryRow,
  type RecoveryStage,
  type RecoveryTab,
} from 'contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { billingDocuments, folderHistory, folders, recoveries, recoveryEvents, users } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/domain-error';
import { containsPattern } from '../../lib/like';
import { resolvePaging } from '../../lib/paging';
import { PARIS_TODAY } from '../../lib/paris-time';
import { matchesAllWords } from '../../lib/search';
import { spendUnits } from '../billing/units-repository';
import { folderSearch } from '../folders/repository';
import { escapeHtml } from '../notifications/sanitize';

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
    eq(billingDocuments.type, 'invoice'),
    sql`(${recoveries.id} is not null or ${isOverdueUnpaid})`,
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
  const data: RecoveryRow[] = rows.map((row) => {
    const last = row.recoveryId === null ? undefined : lastOf.get(row.recoveryId);
    return {
      recoveryId: row.recoveryId,
      documentId: row.documentId,
      documentNumber: row.documentNumber ?? '',
      folderId: row.folderId,
      folderNumber: row.folderNumber,
      plate: row.plate ? formatPlate(row.plate) : null,
      debtorKind: (row.billTo === 'insurer' ? 'assureur' : 'client') as RecoveryDebtorKind,
      debtorName: row.debtorName ?? '',
      amountDue: row.amountDue,
      dueDate: row.dueDate ?? '',
      daysOverdue: row.daysOverdue,
      stage: row.stage as RecoveryStage | null,
      tab: row.tab,
      lastEventAt: last ? last.createdAt.toISOString() : null,
      lastEventKind: last ? (last.kind as 'stage' | 'comment') : null,
    };
  });
  return { data, totalRecords: tab ? (statusCounts[tab] ?? 0) : (statusCounts.all ?? 0), statusCounts };
}

// ---------------------------------------------------------------- history

/** The folder history row of a recovery step: a relance (stage) or a comment, marked `field = 'recovery'`. */
async function writeHistory(
  tx: Transaction,
  step: { folderId: number | null; companyId: number; userId: number | null; kind: 'relance' | 'comment' },
  html: string,
) {
  if (step.folderId === null) return;
  await tx.insert(folderHistory).values({
    folderId: step.folderId,
    companyId: step.companyId,
    userId: step.userId,
    kind: step.kind,
    field: 'recovery',
    content: html,
  });
}

export const stageHtml = (number: string, from: RecoveryStage | null, to: RecoveryStage) =>
  from === null
    ? `<p>Facture ${escapeHtml(number)} mise en recouvrement : ${RECOVERY_STAGE_LABELS[to]} (${RECOVERY_UNIT_COST} unité)</p>`
    : `<p>Recouvrement de la facture ${escapeHtml(number)} : ${RECOVERY_STAGE_LABELS[from]} → ${RECOVERY_STAGE_LABELS[to]}</p>`;

/** A comment as the history shows it: plain text escaped, line breaks kept. */
export const commentHtml = (number: string, text: string) =>
  `<p><strong>Recouvrement de la facture ${escapeHtml(number)}</strong></p><p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

// ---------------------------------------------------------------- opening

export type OpenOutcome = { id: number; documentId: number; stage: RecoveryStage; jeton: number };

/**
 * Puts an overdue unpaid issued invoice of the caller's companies under recovery, in one transaction: the invoice
 * row is locked (concurrent openings and payments queue on it), the recovery inserted once (unique per invoice),
 * its first event, the folder's history, and ONE unit of kind "recouvrement" through `applyUnits`. No unit left:
 * everything rolls back.
 */
export async function openRecovery(
  db: Database,
  input: { companyIds: number[]; documentId: number; userId: number | null; at?: Date },
): Promise<OpenOutcome> {
  return db.transaction(async (tx): Promise<OpenOutcome> => {
    const [locked] = await tx
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.id, input.documentId),
          inArray(billingDocuments.companyId, input.companyIds),
          eq(billingDocuments.type, 'invoice'),
        ),
      )
      .for('update');
    if (!locked) throw notFound(RECOVERY_INVOICE_NOT_FOUND);
    const [invoice] = await tx
      .select({
        companyId: billingDocuments.companyId,
        status: billingDocuments.status,
        number: billingDocuments.number,
        folderId: billingDocuments.folderId,
        amountDue,
        overdue: sql<boolean>`coalesce(${billingDocuments.dueDate} < ${today}, false)`,
        recoveryId: recoveries.id,
      })
      .from(billingDocuments)
      .leftJoin(recoveries, eq(recoveries.documentId, billingDocuments.id))
      .where(eq(billingDocuments.id, locked.id));
    if (!invoice) throw notFound(RECOVERY_INVOICE_NOT_FOUND);
    if (invoice.recoveryId !== null) throw conflict(RECOVERY_ALREADY_OPEN);
    if (!['issued', 'partial', 'paid'].includes(invoice.status)) throw invalid(RECOVERY_NOT_ISSUED);
    if (invoice.amountDue <= 0) throw invalid(RECOVERY_NOTHING_DUE);
    if (!invoice.overdue) throw invalid(RECOVERY_NOT_OVERDUE);
    const at = input.at ?? new Date();
    const [created] = await tx
      .insert(recoveries)
      .values({ companyId: invoice.companyId, documentId: locked.id, stage: 'amiable', openedAt: at, updatedAt: at })
      .onConflictDoNothing({ target: recoveries.documentId })
      .returning({ id: recoveries.id });
    if (!created) throw conflict(RECOVERY_ALREADY_OPEN);
    await tx.insert(recoveryEvents).values({
      recoveryId: created.id,
      kind: 'stage',
      fromStage: null,
      toStage: 'amiable',
      userId: input.userId,
      createdAt: at,
    });
    const number = invoice.number ?? '';
    const jeton = await spendUnits(tx, {
      companyId: invoice.companyId,
      units: -RECOVERY_UNIT_COST,
      kind: 'recouvrement',
      folderId: invoice.folderId,
      reference: `Recouvrement ${number}`,
      userId: input.userId,
    });
    await writeHistory(
      tx,
      { folderId: invoice.folderId, companyId: invoice.companyId, userId: input.userId, kind: 'relance' },
      stageHtml(number, null, 'amiable'),
    );
    return { id: created.id, documentId: locked.id, stage: 'amiable', jeton };
  });
}

// ---------------------------------------------------------------- stage and comment

/** The recovery (locked), its invoice's number and folder, within the caller's companies. */
async function lockRecovery(tx: Transaction, companyIds: number[], id: number) {
  const [row] = await tx
    .select({
      id: recoveries.id,
      companyId: recoveries.companyId,
      stage: recoveries.stage,
      number: billingDocuments.number,
      folderId: billingDocuments.folderId,
    })
    .from(recoveries)
    .innerJoin(billingDocuments, eq(billingDocuments.id, recoveries.documentId))
    .where(and(eq(recoveries.id, id), inArray(recoveries.companyId, companyIds)))
    .for('update', { of: recoveries });
  return row;
}

/** Moves a recovery to any stage (forward, back, closed, reopened): its event and folder history, one transaction. */
export async function moveStage(
  db: Database,
  input: { companyIds: number[]; id: number; stage: RecoveryStage; userId: number | null; at?: Date },
): Promise<{ eventId: number }> {
  return db.transaction(async (tx) => {
    const recovery = await lockRecovery(tx, input.companyIds, input.id);
    if (!recovery) throw notFound(RECOVERY_NOT_FOUND);
    const from = recovery.stage as RecoveryStage;
    if (from === input.stage) throw invalid(RECOVERY_SAME_STAGE);
    const at = input.at ?? new Date();
    await tx
      .update(recoveries)
      .set({ stage: input.stage, updatedAt: at, closedAt: input.stage === 'closed' ? at : null })
      .where(eq(recoveries.id, recovery.id));
    const [event] = await tx
      .insert(recoveryEvents)
      .values({
        recoveryId: recovery.id,
        kind: 'stage',
        fromStage: from,
        toStage: input.stage,
        userId: input.userId,
        createdAt: at,
      })
      .returning({ id: recoveryEvents.id });
    await writeHistory(
      tx,
      { folderId: recovery.folderId, companyId: recovery.companyId, userId: input.userId, kind: 'relance' },
      stageHtml(recovery.number ?? '', from, input.stage),
    );
    return { eventId: event?.id ?? 0 };
  });
}

export interface CommentFacts {
  eventId: number;
  companyId: number;
  number: string;
  folder: { id: number; plate: string; ownerId: number | null } | null;
}

/** A comment (plain text) on a recovery: its event and the folder's history; undefined outside the scope. */
export async function addComment(
  db: Database,
  input: { companyIds: number[]; id: number; content: string; userId: number | null; at?: Date },
): Promise<CommentFacts | undefined> {
  return db.transaction(async (tx) => {
    const recovery = await lockRecovery(tx, input.companyIds, input.id);
    if (!recovery) return undefined;
    const at = input.at ?? new Date();
    const [event] = await tx
      .insert(recoveryEvents)
      .values({ recoveryId: recovery.id, kind: 'comment', content: input.content, userId: input.userId, createdAt: at })
      .returning({ id: recoveryEvents.id });
    await tx.update(recoveries).set({ updatedAt: at }).where(eq(recoveries.id, recovery.id));
    const number = recovery.number ?? '';
    await writeHistory(
      tx,
      { folderId: recovery.folderId, companyId: recovery.companyId, userId: input.userId, kind: 'comment' },
      commentHtml(number, input.content),
    );
    const [folder] =
      recovery.folderId === null
        ? []
        : await tx
            .select({ id: folders.id, plate: folders.plate, ownerId: folders.ownerId })
            .from(folders)
            .where(eq(folders.id, recovery.folderId));
    return { eventId: event?.id ?? 0, companyId: recovery.companyId, number, folder: folder ?? null };
  });
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
