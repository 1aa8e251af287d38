import type { KnownBy } from 'contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db';
import { knownBy } from '../../../db/schema';

/** "Connu par" lists of these companies, alphabetical. */
export function listKnownBy(db: Database, companyIds: number[]): Promise<KnownBy[]> {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: knownBy.id, label: knownBy.label })
    .from(knownBy)
    .where(inArray(knownBy.companyId, companyIds))
    .orderBy(asc(knownBy.label), asc(knownBy.id));
}

export async function insertKnownBy(db: Database, companyId: number, label: string): Promise<KnownBy> {
  const [row] = await db
    .insert(knownBy)
    .values({ companyId, label })
    .returning({ id: knownBy.id, label: knownBy.label });
  if (!row) throw new Error('known-by not created');
  return row;
}

export async function updateKnownBy(db: Database, companyId: number, id: number, label: string) {
  const [row] = await db
    .update(knownBy)
    .set({ label })
    .where(and(eq(knownBy.id, id), eq(knownBy.companyId, companyId)))
    .returning({ id: knownBy.id, label: knownBy.label });
  return row;
}

/** Folders that named this entry keep their other fields; their "connu par" becomes empty (FK on delete). */
export async function deleteKnownBy(db: Database, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(knownBy)
    .where(and(eq(knownBy.id, id), eq(knownBy.companyId, companyId)))
    .returning({ id: knownBy.id });
  return rows.length > 0;
}
