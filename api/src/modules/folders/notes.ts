import { FOLDER_NOTE_LABELS, type FolderNoteKind, formatPlate, htmlToText, type NotificationType } from 'contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { folderHistory, folders } from '../../db/schema';
import { sanitizeHtml } from '../../lib/sanitize';
import { notifyUsers } from '../notifications/producer';
import type { FolderScope } from './repository';

/** The notification each note becomes: an anomaly is something to check (verif). */
const EVENT: Record<FolderNoteKind, NotificationType> = { comment: 'comment', relance: 'relance', anomaly: 'verif' };
const BODY_LENGTH = 200;

/**
 * Adds a comment, a relance or an anomaly to a folder: sanitized HTML in its history, then the notification
 * to the people the company's configuration names (admins, the folder's owner...). Undefined outside the scope.
 */
export async function addNote(
  db: Database,
  scope: FolderScope,
  folderId: number,
  note: { kind: FolderNoteKind; content: string },
) {
  const [folder] = await db
    .select({ id: folders.id, companyId: folders.companyId, plate: folders.plate, ownerId: folders.ownerId })
    .from(folders)
    .where(and(eq(folders.id, folderId), inArray(folders.companyId, scope.companyIds)))
    .limit(1);
  if (!folder) return undefined;
  const content = sanitizeHtml(note.content);
  const [entry] = await db
    .insert(folderHistory)
    .values({ folderId, companyId: folder.companyId, userId: scope.userId, kind: note.kind, content })
    .returning();
  const text = htmlToText(content).replace(/\s+/g, ' ').trim();
  await notifyUsers(db, {
    companyId: folder.companyId,
    event: EVENT[note.kind],
    folder: { id: folder.id, title: formatPlate(folder.plate) },
    ownerUserId: folder.ownerId,
    actorUserId: scope.userId,
    title: FOLDER_NOTE_LABELS[note.kind],
    body: text.length > BODY_LENGTH ? `${text.slice(0, BODY_LENGTH - 1)}…` : text,
  });
  return entry;
}
