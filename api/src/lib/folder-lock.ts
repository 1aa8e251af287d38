import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction as Tx } from '../db';
import { folders } from '../db/schema';
import type { FolderScope } from '../modules/folders/repository';

export type { Transaction as Tx } from '../db';

/**
 * The folder row, locked for the rest of the transaction, or undefined outside the caller's companies. Every
 * change of a folder starts here, so two people acting on one folder queue instead of overwriting each other.
 */
export async function lockFolder(tx: Tx, scope: FolderScope, id: number) {
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.id, id), inArray(folders.companyId, scope.companyIds)))
    .for('update')
    .limit(1);
  return row;
}
