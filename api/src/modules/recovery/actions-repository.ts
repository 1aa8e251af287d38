import {
  RECOVERY_ALREADY_OPEN,
  RECOVERY_INVOICE_NOT_FOUND,
  RECOVERY_NOT_FOUND,
  RECOVERY_NOT_ISSUED,
  RECOVERY_NOT_OVERDUE,
  RECOVERY_NOTHING_DUE,
  RECOVERY_SAME_STAGE,
  RECOVERY_STAGE_LABELS,
  RECOVERY_UNIT_COST,
  type RecoveryStage,
} from 'contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { billingDocuments, folderHistory, folders, recoveries, recoveryEvents } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/domain-error';
import { PARIS_TODAY } from '../../lib/paris-time';
import { isReceivableType } from '../../lib/receivable-type';
import { escapeHtml } from '../../lib/sanitize';
import { spendUnits } from '../billing/units/units-repository';
import { amountDue } from './repository';

// The actions on a recovery: opening it (one unit), moving its stage, commenting; each with the folder's history.

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
          isReceivableType,
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
        overdue: sql<boolean>`coalesce(${billingDocuments.dueDate} < ${PARIS_TODAY}, false)`,
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
