import { isBlankHtml } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { folderHistory, folders } from '../../db/schema';
import { sanitizeHtml } from '../notifications/sanitize';
import { lockFolder } from './folder-lock';
import type { FolderScope } from './repository';

/**
 * Sets (or, with no date, cancels) the folder's appointment and its comment, with one history row giving the
 * old and new dates. Undefined outside the caller's companies.
 */
export async function setAppointment(
  db: Database,
  scope: FolderScope,
  id: number,
  appointment: { at: Date | null; comment: string },
) {
  return db.transaction(async (tx) => {
    const folder = await lockFolder(tx, scope, id);
    if (!folder) return undefined;
    const comment = isBlankHtml(appointment.comment) ? null : sanitizeHtml(appointment.comment);
    await tx
      .update(folders)
      .set({ appointmentAt: appointment.at, appointmentComment: comment, updatedAt: new Date() })
      .where(eq(folders.id, id));
    await tx.insert(folderHistory).values({
      folderId: id,
      companyId: folder.companyId,
      userId: scope.userId,
      kind: 'appointment',
      field: 'appointmentAt',
      oldValue: folder.appointmentAt?.toISOString() ?? null,
      newValue: appointment.at?.toISOString() ?? null,
      content: comment,
    });
    return folder.id;
  });
}
