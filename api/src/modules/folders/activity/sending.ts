import { FOLDER_NOT_FOUND_MESSAGE, formatParisDateTime, formatPlate, SEND_NEEDS_INSURER } from 'contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db';
import { folderHistory, folders, users } from '../../../db/schema';
import { invalid, notFound } from '../../../lib/domain-error';
import { lockFolder } from '../../../lib/folder-lock';
import { escapeHtml } from '../../../lib/sanitize';
import { notifyUsers } from '../../notifications/producer';
import type { FolderScope } from '../repository';

/**
 * Sends the folder to its insurer: the date, a history row and a notification ("envoi") to the company's
 * recipients. The folder must name its insurer.
 */
export async function sendFolder(db: Database, scope: FolderScope, id: number) {
  const result = await db.transaction(async (tx) => {
    const folder = await lockFolder(tx, scope, id);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    if (!folder.insurer) throw invalid(SEND_NEEDS_INSURER);
    const sentAt = new Date();
    await tx.update(folders).set({ sentAt, updatedAt: sentAt }).where(eq(folders.id, id));
    await tx.insert(folderHistory).values({
      folderId: id,
      companyId: folder.companyId,
      userId: scope.userId,
      kind: 'sent',
      field: 'insurer',
      newValue: folder.insurer,
    });
    return { folder, sentAt };
  });
  const { folder } = result;
  await notifyUsers(db, {
    companyId: folder.companyId,
    event: 'envoi',
    folder: { id, title: formatPlate(folder.plate) },
    ownerUserId: folder.ownerId,
    actorUserId: scope.userId,
    title: 'Dossier envoyé',
    body: `Le dossier ${folder.number} a été envoyé à ${folder.insurer}.`,
  });
  return result;
}

/**
 * `GET /invoice/displaySentFolderModal/{folderId}`: the warning shown before a document is saved on a folder
 * already sent to its insurer (HTML), or null when the folder was never sent. Undefined outside the scope.
 */
export async function sentFolderModal(db: Database, companyIds: number[], id: number) {
  const [folder] = await db
    .select({ sentAt: folders.sentAt, insurer: folders.insurer, number: folders.number })
    .from(folders)
    .where(and(eq(folders.id, id), inArray(folders.companyId, companyIds)))
    .limit(1);
  if (!folder) return undefined;
  if (!folder.sentAt) return null;
  const [sending] = await db
    .select({ sender: sql<string>`trim(${users.firstname} || ' ' || ${users.name})` })
    .from(folderHistory)
    .innerJoin(users, eq(users.id, folderHistory.userId))
    .where(and(eq(folderHistory.folderId, id), eq(folderHistory.kind, 'sent')))
    .orderBy(desc(folderHistory.createdAt), desc(folderHistory.id))
    .limit(1);
  const by = sending?.sender ? ` par ${escapeHtml(sending.sender)}` : '';
  return [
    `<p>Le dossier <strong>${escapeHtml(folder.number)}</strong> a déjà été envoyé à <strong>${escapeHtml(folder.insurer ?? 'l’assureur')}</strong>`,
    ` le ${escapeHtml(formatParisDateTime(folder.sentAt, 'long'))}${by}.</p>`,
    '<p>Le document sera ajouté au dossier, mais l’assureur ne le recevra qu’à un nouvel envoi.</p>',
  ].join('');
}
