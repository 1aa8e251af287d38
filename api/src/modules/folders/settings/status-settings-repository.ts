import {
  FOLDER_STATUS_LABEL_TAKEN,
  FOLDER_STATUS_NOT_FOUND,
  FOLDER_STATUS_ORDER_INVALID,
  FOLDER_STATUS_SYSTEM_KEPT,
  type FolderStatusBody,
  type FolderStatusSetting,
  folderStatusInUseMessage,
} from 'contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { folderStatuses, folders } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../lib/domain-error';
import { isForeignKeyViolation } from '../../../lib/unique-violation';

type Db = Database | Transaction;

/** Serializes one company's status changes: the duplicate check and the positions see a settled list. */
const lockStatuses = (tx: Transaction, companyId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(20260202, ${companyId}::int)`);

/** The company's statuses in their order, with how many of its folders each one holds. */
export async function listStatusSettings(db: Db, companyId: number): Promise<FolderStatusSetting[]> {
  const [rows, usage] = await Promise.all([
    db
      .select({
        id: folderStatuses.id,
        code: folderStatuses.code,
        label: folderStatuses.label,
        color: folderStatuses.color,
        position: folderStatuses.position,
      })
      .from(folderStatuses)
      .where(eq(folderStatuses.companyId, companyId))
      .orderBy(asc(folderStatuses.position), asc(folderStatuses.id)),
    // (company_id, status_id) leads an index of folders: the counts come from it alone.
    db
      .select({ statusId: folders.statusId, total: count() })
      .from(folders)
      .where(eq(folders.companyId, companyId))
      .groupBy(folders.statusId),
  ]);
  const totals = new Map(usage.map((row) => [row.statusId, row.total]));
  return rows.map((row) => ({
    ...row,
    code: row.code ?? '',
    system: row.code !== null,
    folderCount: totals.get(row.id) ?? 0,
  }));
}

/** Is `label` (any case) already the label of another status of the company? */
async function labelTaken(tx: Transaction, companyId: number, label: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: folderStatuses.id })
    .from(folderStatuses)
    .where(
      and(
        eq(folderStatuses.companyId, companyId),
        sql`lower(${folderStatuses.label}) = lower(${label})`,
        exceptId === undefined ? undefined : ne(folderStatuses.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const one = async (db: Db, companyId: number, id: number) =>
  (await listStatusSettings(db, companyId)).find((row) => row.id === id);

/** A status of the garage's own (no code), last in the order. */
export function insertStatus(db: Database, companyId: number, body: FolderStatusBody): Promise<FolderStatusSetting> {
  return db.transaction(async (tx) => {
    await lockStatuses(tx, companyId);
    if (await labelTaken(tx, companyId, body.label)) throw conflict(FOLDER_STATUS_LABEL_TAKEN);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${folderStatuses.position}), 0)::int` })
      .from(folderStatuses)
      .where(eq(folderStatuses.companyId, companyId));
    const [row] = await tx
      .insert(folderStatuses)
      .values({ companyId, code: null, label: body.label, color: body.color, position: (last?.position ?? 0) + 1 })
      .returning({ id: folderStatuses.id });
    if (!row) throw new Error('folder status not created');
    const status = await one(tx, companyId, row.id);
    if (!status) throw new Error('folder status not read back');
    return status;
  });
}

/** New label and colour; a system status keeps its code (what the closing and opening rules look for). */
export function updateStatus(
  db: Database,
  companyId: number,
  id: number,
  body: FolderStatusBody,
): Promise<FolderStatusSetting> {
  return db.transaction(async (tx) => {
    await lockStatuses(tx, companyId);
    if (await labelTaken(tx, companyId, body.label, id)) throw conflict(FOLDER_STATUS_LABEL_TAKEN);
    const changed = await tx
      .update(folderStatuses)
      .set({ label: body.label, color: body.color })
      .where(and(eq(folderStatuses.id, id), eq(folderStatuses.companyId, companyId)))
      .returning({ id: folderStatuses.id });
    if (changed.length === 0) throw notFound(FOLDER_STATUS_NOT_FOUND);
    const status = await one(tx, companyId, id);
    if (!status) throw new Error('folder status not read back');
    return status;
  });
}

const foldersUsing = async (db: Db, companyId: number, id: number): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(folders)
    .where(and(eq(folders.companyId, companyId), eq(folders.statusId, id)));
  return row?.total ?? 0;
};

/** Only a status of the garage's own that no folder uses. */
export async function deleteStatus(db: Database, companyId: number, id: number): Promise<void> {
  try {
    return await db.transaction(async (tx) => {
      await lockStatuses(tx, companyId);
      const [status] = await tx
        .select({ code: folderStatuses.code })
        .from(folderStatuses)
        .where(and(eq(folderStatuses.id, id), eq(folderStatuses.companyId, companyId)));
      if (!status) throw notFound(FOLDER_STATUS_NOT_FOUND);
      if (status.code !== null) throw conflict(FOLDER_STATUS_SYSTEM_KEPT);
      const used = await foldersUsing(tx, companyId, id);
      if (used > 0) throw conflict(folderStatusInUseMessage(used));
      await tx.delete(folderStatuses).where(eq(folderStatuses.id, id));
    });
  } catch (error) {
    // A folder moved to it meanwhile: the foreign key refused the delete.
    if (isForeignKeyViolation(error)) throw conflict(folderStatusInUseMessage(await foldersUsing(db, companyId, id)));
    throw error;
  }
}

/** `ids` must be every status of the company, each once; their positions become 1..n. */
export function reorderStatuses(db: Database, companyId: number, ids: number[]): Promise<FolderStatusSetting[]> {
  return db.transaction(async (tx) => {
    await lockStatuses(tx, companyId);
    const rows = await tx
      .select({ id: folderStatuses.id })
      .from(folderStatuses)
      .where(eq(folderStatuses.companyId, companyId));
    const mine = new Set(rows.map((row) => row.id));
    if (ids.length !== mine.size || new Set(ids).size !== ids.length || ids.some((id) => !mine.has(id))) {
      throw invalid(FOLDER_STATUS_ORDER_INVALID);
    }
    // One statement: every position at once, from the ids' order.
    await tx
      .update(folderStatuses)
      .set({
        position: sql`case ${sql.join(
          ids.map((id, index) => sql`when ${folderStatuses.id} = ${id} then ${index + 1}::int`),
          sql` `,
        )} end`,
      })
      .where(and(eq(folderStatuses.companyId, companyId), inArray(folderStatuses.id, ids)));
    return listStatusSettings(tx, companyId);
  });
}
