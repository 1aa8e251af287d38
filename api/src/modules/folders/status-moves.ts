import { FITTER_STATUS_RANK } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { folderHistory, folderStatuses, folders } from '../../db/schema';

/** A folder's status as its code and label (its garage's words). */
export async function statusOf(tx: Transaction, statusId: number) {
  const [row] = await tx
    .select({ code: folderStatuses.code, label: folderStatuses.label })
    .from(folderStatuses)
    .where(eq(folderStatuses.id, statusId));
  return { code: row?.code ?? '', label: row?.label ?? '' };
}

/**
 * The automatic moves of a folder: booking an appointment (code `appointment`), the fitter's steps
 * (`outstanding`, `wait_validation`). Forward only, never a closed folder, only when the garage has a status with
 * that code; written in the caller's transaction with the folder locked, and in its history. Answers the status the
 * folder has afterwards.
 */
export async function moveStatusForward(
  tx: Transaction,
  folder: { id: number; companyId: number; statusId: number; closedAt: Date | null },
  targetCode: string,
  userId: number,
): Promise<{ code: string; label: string }> {
  const status = await statusOf(tx, folder.statusId);
  const behind = (FITTER_STATUS_RANK[status.code] ?? 0) < (FITTER_STATUS_RANK[targetCode] ?? 0);
  if (!behind || folder.closedAt) return status;
  const [target] = await tx
    .select({ id: folderStatuses.id, code: folderStatuses.code, label: folderStatuses.label })
    .from(folderStatuses)
    .where(and(eq(folderStatuses.companyId, folder.companyId), eq(folderStatuses.code, targetCode)))
    .limit(1);
  if (!target) return status;
  await tx.update(folders).set({ statusId: target.id, updatedAt: new Date() }).where(eq(folders.id, folder.id));
  await tx.insert(folderHistory).values({
    folderId: folder.id,
    companyId: folder.companyId,
    userId,
    kind: 'status',
    field: 'status',
    oldValue: status.label,
    newValue: target.label,
  });
  return { code: target.code ?? '', label: target.label };
}
