import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db';
import { folders } from '../../db/schema';
import type { FolderScope } from './repository';

/** A transaction of `db.transaction`: what every write of a folder runs in. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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
