import type { Archive } from 'contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { ledgerArchives, users } from '../../db/schema';

/* Reading a garage's archives: the list (never their bytes) and one archive's file. */

/** The garage's archives (or only `id`), newest first, with who asked for each (null: the instance, yearly). */
export async function listArchives(db: Database, companyId: number, id?: number): Promise<Archive[]> {
  const rows = await db
    .select({
      id: ledgerArchives.id,
      companyId: ledgerArchives.companyId,
      kind: ledgerArchives.kind,
      periodStart: ledgerArchives.periodStart,
      periodEnd: ledgerArchives.periodEnd,
      fileName: ledgerArchives.fileName,
      bytes: sql<number>`octet_length(${ledgerArchives.content})::int`,
      sha256: ledgerArchives.sha256,
      manifestSha256: ledgerArchives.manifestSha256,
      throughSeq: ledgerArchives.throughSeq,
      createdAt: ledgerArchives.createdAt,
      createdBy: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.name}), '')`,
    })
    .from(ledgerArchives)
    .leftJoin(users, eq(users.id, ledgerArchives.createdBy))
    .where(and(eq(ledgerArchives.companyId, companyId), id === undefined ? undefined : eq(ledgerArchives.id, id)))
    .orderBy(desc(ledgerArchives.createdAt), desc(ledgerArchives.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as Archive['kind'],
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One archive of the garage with its bytes, or undefined (another garage's is not found either). */
export async function archiveFile(db: Database, companyId: number, id: number) {
  const [row] = await db
    .select({
      fileName: ledgerArchives.fileName,
      content: ledgerArchives.content,
      sha256: ledgerArchives.sha256,
    })
    .from(ledgerArchives)
    .where(and(eq(ledgerArchives.companyId, companyId), eq(ledgerArchives.id, id)));
  return row;
}
