import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments, ledgerLinks, payments } from '../../db/schema';
import { chainIssuedDocument, chainPayment } from './chain';

/*
 * Records written before the chain existed (a database migrated to 0034, the demo seed that writes its issued
 * documents directly) join their garage's chain once, in the order they happened. Idempotent: a record already
 * chained is left alone; new records are chained in their own transaction and never wait for this.
 */

const unchained = (kind: string, id: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from ${ledgerLinks} where ${ledgerLinks.kind} = ${kind} and ${ledgerLinks.recordId} = ${id})`;

/** Chains every unchained issued invoice, credit note and payment, per garage, oldest first. Answers how many. */
export async function chainBackfill(db: Database): Promise<number> {
  const documents = await db
    .select({ id: billingDocuments.id, companyId: billingDocuments.companyId, at: billingDocuments.issuedAt })
    .from(billingDocuments)
    .where(
      and(
        inArray(billingDocuments.type, ['invoice', 'credit-note']),
        ne(billingDocuments.status, 'draft'),
        unchained('invoice', sql`${billingDocuments.id}`),
        unchained('credit-note', sql`${billingDocuments.id}`),
      ),
    );
  const receipts = await db
    .select({ id: payments.id, companyId: payments.companyId, at: payments.createdAt })
    .from(payments)
    .where(unchained('payment', sql`${payments.id}`))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const pending = [
    ...documents.map((each) => ({ ...each, kind: 'document' as const })),
    ...receipts.map((each) => ({ ...each, kind: 'payment' as const })),
  ].sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0) || a.id - b.id);
  const companies = [...new Set(pending.map((each) => each.companyId))];
  for (const companyId of companies) {
    await db.transaction(async (tx) => {
      for (const record of pending.filter((each) => each.companyId === companyId)) {
        if (record.kind === 'document') {
          await chainIssuedDocument(tx, record.id, false);
          continue;
        }
        const [row] = await tx.select().from(payments).where(eq(payments.id, record.id));
        const [invoice] = await tx
          .select({ number: billingDocuments.number })
          .from(billingDocuments)
          .where(eq(billingDocuments.id, row?.invoiceId ?? 0));
        if (row) await chainPayment(tx, row, invoice?.number ?? '');
      }
    });
  }
  return pending.length;
}
