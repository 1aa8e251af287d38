import { type DocumentType, formatDocumentNumber, parisDay } from 'contracts';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../db';
import { billingSequences } from '../../../db/schema';

/**
 * Takes the next `count` numbers of a company's series ("F", "AV", ...; company 0 is the platform's own) and
 * answers the last one taken (the first is `last - count + 1`). One upsert: the sequence row stays locked until
 * the caller's transaction ends, so concurrent issues of one company queue here and get consecutive numbers in
 * commit order; a transaction that rolls back gives its numbers back. Call it inside the transaction that marks
 * the documents issued.
 */
export async function nextNumber(tx: Transaction, companyId: number, series: string, count = 1) {
  const [row] = await tx
    .insert(billingSequences)
    .values({ companyId, series, lastNumber: count })
    .onConflictDoUpdate({
      target: [billingSequences.companyId, billingSequences.series],
      set: { lastNumber: sql`${billingSequences.lastNumber} + excluded.last_number` },
    })
    .returning({ lastNumber: billingSequences.lastNumber });
  if (!row) throw new Error('sequence not updated');
  return row.lastNumber;
}

/** An invoice is dated where it is issued: the French calendar day (the one clock, in contracts). */
export { parisDay };

/** "YYYY-MM-DD" plus `days` days. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The document number of sequence `sequence`, dated by the year of its issue in France. */
export const documentNumber = (type: DocumentType, issuedAt: Date, sequence: number) =>
  formatDocumentNumber(type, Number(parisDay(issuedAt).slice(0, 4)), sequence);
