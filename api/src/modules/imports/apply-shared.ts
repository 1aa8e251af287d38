import type { Transaction } from '../../db';
import { importChanges } from '../../db/schema';
import type { ImportProgress } from './progress';

/** What an import did to one row it touched: the undo's record. */
export type Change = typeof importChanges.$inferInsert;

export const BATCH = 1000;
/** Rows in slices a statement's parameters can hold on both drivers. */
export const chunks = <T>(items: readonly T[], size = BATCH): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** Only what the file says: an empty cell never erases what the garage holds. */
export const defined = <T extends object>(values: T): T =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as T;

/** The columns of `values` that differ on `stored`, with their stored values (what an undo puts back). */
export function differences<T extends object>(stored: T, values: Partial<T>): Partial<T> | null {
  const previous: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (stored[key] !== values[key]) previous[key] = stored[key];
  }
  return Object.keys(previous).length > 0 ? previous : null;
}

/** The undo's record of the import, written slice by slice, its progress told. */
export async function saveChanges(tx: Transaction, changes: readonly Change[], progress: ImportProgress) {
  for (const [index, slice] of chunks(changes).entries()) {
    await tx.insert(importChanges).values(slice);
    progress.report('Historique pour l’annulation', Math.min((index + 1) * BATCH, changes.length), changes.length);
  }
}
