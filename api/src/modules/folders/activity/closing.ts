import {
  ALREADY_CLOSED_MESSAGE,
  type ClosingStatus,
  type ClosingValues,
  describeClosing,
  FOLDER_NOT_FOUND_MESSAGE,
  formatPlate,
  REOPEN_NOT_CLOSED_MESSAGE,
  type ReopenBody,
} from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db';
import { folderHistory, folderStatuses, folders } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../lib/domain-error';
import { lockFolder, type Tx } from '../../../lib/folder-lock';
import { escapeHtml, sanitizeHtml } from '../../../lib/sanitize';
import { notifyUsers } from '../../notifications/producer';
import { CLOSING_STATUS_MISSING } from '../refusals';
import type { FolderScope } from '../repository';

/** The history content of a closing form: its answers as a list, then the comment typed with it. */
function closingContent(values: ClosingValues): string | null {
  const lines = describeClosing(values).map((line) => `<li>${escapeHtml(line)}</li>`);
  const parts = [lines.length ? `<ul>${lines.join('')}</ul>` : '', values.comment ? sanitizeHtml(values.comment) : ''];
  return parts.join('') || null;
}

async function statusOfCode(tx: Tx, companyId: number, code: ClosingStatus) {
  const [status] = await tx
    .select()
    .from(folderStatuses)
    .where(and(eq(folderStatuses.companyId, companyId), eq(folderStatuses.code, code)))
    .limit(1);
  return status;
}

/**
 * The closing form: closes the folder (its seven answers are mandatory, checked by the contract), or leaves it
 * open, outstanding or waiting for validation with the reason why. One history row, and the company's
 * recipients are told when it closes.
 */
export async function submitClosing(db: Database, scope: FolderScope, id: number, values: ClosingValues) {
  const result = await db.transaction(async (tx) => {
    const folder = await lockFolder(tx, scope, id);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    if (folder.closedAt) throw conflict(ALREADY_CLOSED_MESSAGE);
    const target = await statusOfCode(tx, folder.companyId, values.status);
    if (!target) throw invalid(CLOSING_STATUS_MISSING);
    const [current] = await tx
      .select({ label: folderStatuses.label })
      .from(folderStatuses)
      .where(eq(folderStatuses.id, folder.statusId));
    const now = new Date();
    const closing = values.status === 'close';
    await tx
      .update(folders)
      .set({ statusId: target.id, closing: values, closedAt: closing ? now : null, updatedAt: now })
      .where(eq(folders.id, id));
    await tx.insert(folderHistory).values({
      folderId: id,
      companyId: folder.companyId,
      userId: scope.userId,
      kind: closing ? 'close' : 'status',
      field: 'status',
      oldValue: current?.label ?? null,
      newValue: target.label,
      content: closingContent(values),
    });
    return { folder, closing };
  });
  if (result.closing) {
    await notifyUsers(db, {
      companyId: result.folder.companyId,
      event: 'envoi',
      folder: { id, title: formatPlate(result.folder.plate) },
      ownerUserId: result.folder.ownerId,
      actorUserId: scope.userId,
      title: 'Dossier clôturé',
      body: `Le dossier ${result.folder.number} (${formatPlate(result.folder.plate)}) a été clôturé.`,
    });
  }
}

/** Reopens a closed folder: status "open" of its company, the closing date cleared, the reason in the history. */
export async function reopenFolder(db: Database, scope: FolderScope, id: number, body: ReopenBody) {
  return db.transaction(async (tx) => {
    const folder = await lockFolder(tx, scope, id);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    if (!folder.closedAt) throw conflict(REOPEN_NOT_CLOSED_MESSAGE);
    const open = await statusOfCode(tx, folder.companyId, 'open');
    if (!open) throw invalid(CLOSING_STATUS_MISSING);
    const [current] = await tx
      .select({ label: folderStatuses.label })
      .from(folderStatuses)
      .where(eq(folderStatuses.id, folder.statusId));
    await tx
      .update(folders)
      .set({ statusId: open.id, closedAt: null, updatedAt: new Date() })
      .where(eq(folders.id, id));
    await tx.insert(folderHistory).values({
      folderId: id,
      companyId: folder.companyId,
      userId: scope.userId,
      kind: 'reopen',
      field: 'status',
      oldValue: current?.label ?? null,
      newValue: open.label,
      content: sanitizeHtml(body.comment),
    });
  });
}
