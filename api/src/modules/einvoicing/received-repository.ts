import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, expenseReceipts, expenses, platformFlows, receivedInvoices, suppliers } from '../../db/schema';
import type { ReceivedInvoice, ReceivedSyntax } from './reading/received-invoice';

/*
 * The SQL of what a garage receives: the flow stored as it came, then the expense, the supplier and the received
 * invoice booked from it in one transaction.
 */

export interface IncomingFile {
  companyId: number;
  source: 'platform' | 'manual';
  /** The platform's flow id; absent for a file imported by hand. */
  flowId?: string;
  flowType: string;
  fileName: string;
  bytes: Uint8Array;
  platformUpdatedAt?: Date;
  userId?: number;
}

export type FlowRow = typeof platformFlows.$inferSelect;

/**
 * Stores a received file before anything reads it; a flow the platform announced twice (webhook and search) is
 * stored once: the second call answers the row already there, `fresh` false.
 */
export async function storeIncoming(db: Database, file: IncomingFile): Promise<{ row: FlowRow; fresh: boolean }> {
  const content = Buffer.from(file.bytes);
  const [row] = await db
    .insert(platformFlows)
    .values({
      companyId: file.companyId,
      direction: 'in',
      source: file.source,
      flowId: file.flowId ?? null,
      flowType: file.flowType,
      fileName: file.fileName,
      content,
      sha256: createHash('sha256').update(content).digest('hex'),
      state: 'to-treat',
      reason: 'En cours de lecture',
      platformUpdatedAt: file.platformUpdatedAt ?? null,
      receivedBy: file.userId ?? null,
    })
    .onConflictDoNothing({
      target: [platformFlows.companyId, platformFlows.flowId],
      where: sql`flow_id is not null`,
    })
    .returning();
  if (row) return { row, fresh: true };
  const [existing] = await db
    .select()
    .from(platformFlows)
    .where(and(eq(platformFlows.companyId, file.companyId), eq(platformFlows.flowId, file.flowId ?? '')));
  if (!existing) throw new Error('flow neither inserted nor found');
  return { row: existing, fresh: false };
}

export async function markFlow(
  db: Pick<Database, 'update'>,
  id: number,
  change: { state: FlowRow['state']; reason: string | null; syntax?: string | null; expenseId?: number | null },
) {
  await db.update(platformFlows).set(change).where(eq(platformFlows.id, id));
}

/** The garage's SIREN (from its SIRET), '' when « Ma société » has none yet. */
export async function garageSiren(db: Database, companyId: number): Promise<string> {
  const [row] = await db.select({ siret: companies.siret }).from(companies).where(eq(companies.id, companyId));
  return (row?.siret ?? '').replace(/\s/g, '').slice(0, 9);
}

/** The booked invoice that holds this supplier's number already, to name it in the duplicate's reason. */
export async function bookedNumber(db: Database, companyId: number, siren: string, number: string) {
  const [row] = await db
    .select({ expenseId: receivedInvoices.expenseId, receivedAt: platformFlows.receivedAt })
    .from(receivedInvoices)
    .innerJoin(platformFlows, eq(platformFlows.id, receivedInvoices.flowRowId))
    .where(
      and(
        eq(receivedInvoices.companyId, companyId),
        eq(receivedInvoices.supplierSiren, siren),
        eq(receivedInvoices.number, number),
      ),
    );
  return row;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The garage's supplier of that SIREN, created from the invoice's seller when the garage has none. */
async function supplierFor(tx: Tx, companyId: number, seller: ReceivedInvoice['seller']) {
  const [known] = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.companyId, companyId),
        sql`left(regexp_replace(${suppliers.siret}, '\\s', '', 'g'), 9) = ${seller.siren}`,
      ),
    )
    .orderBy(suppliers.id)
    .limit(1);
  if (known) return known;
  const [created] = await tx
    .insert(suppliers)
    .values({
      companyId,
      name: seller.name,
      siret: seller.siret || null,
      vatNumber: seller.vatNumber || null,
      address: seller.address.line || null,
      postalCode: seller.address.postcode || null,
      city: seller.address.city || null,
    })
    .returning({ id: suppliers.id, name: suppliers.name });
  if (!created) throw new Error('supplier not created');
  return created;
}

/** The category the garage gave this supplier's last expense: a new invoice of it is most likely the same. */
async function usualCategory(tx: Tx, companyId: number, supplierId: number): Promise<string> {
  const [row] = await tx
    .select({ category: expenses.category })
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), eq(expenses.supplierId, supplierId)))
    .orderBy(desc(expenses.spentOn), desc(expenses.id))
    .limit(1);
  return row?.category ?? 'Autre';
}

const RECEIPT_MIME: Record<ReceivedSyntax, string> = {
  'Factur-X': 'application/pdf',
  CII: 'application/xml',
  UBL: 'application/xml',
};

/**
 * The expense, its receipt (the file as received), the supplier if new and the received invoice, in one
 * transaction. A supplier's number already booked in this garage fails on the unique index: nothing is written.
 */
export async function bookReceived(
  db: Database,
  flow: FlowRow,
  syntax: ReceivedSyntax,
  invoice: ReceivedInvoice,
  userId: number | null,
): Promise<number> {
  const sign = invoice.creditNote ? -1 : 1;
  return db.transaction(async (tx) => {
    const supplier = await supplierFor(tx, flow.companyId, invoice.seller);
    const more =
      invoice.lines.length > 1 ? ` (+${invoice.lines.length - 1} ligne${invoice.lines.length > 2 ? 's' : ''})` : '';
    const [expense] = await tx
      .insert(expenses)
      .values({
        companyId: flow.companyId,
        supplierId: supplier.id,
        supplierName: supplier.name,
        label:
          `${invoice.creditNote ? 'Avoir' : 'Facture'} ${invoice.number} — ${invoice.lines[0]?.name ?? ''}${more}`.slice(
            0,
            200,
          ),
        category: await usualCategory(tx, flow.companyId, supplier.id),
        spentOn: invoice.issueDate,
        preTaxAmount: sign * invoice.totals.preTax,
        taxAmount: sign * invoice.totals.tax,
        receiptName: flow.fileName,
        receiptMime: RECEIPT_MIME[syntax],
        createdBy: userId,
      })
      .returning({ id: expenses.id });
    if (!expense) throw new Error('expense not created');
    await tx.insert(expenseReceipts).values({ expenseId: expense.id, content: flow.content });
    await tx.insert(receivedInvoices).values({
      expenseId: expense.id,
      companyId: flow.companyId,
      flowRowId: flow.id,
      syntax,
      typeCode: invoice.typeCode,
      supplierSiren: invoice.seller.siren,
      number: invoice.number,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      lines: invoice.lines,
      taxes: invoice.taxes,
      totalAmount: sign * invoice.totals.total,
      dueAmount: sign * invoice.totals.due,
    });
    await markFlow(tx, flow.id, { state: 'booked', reason: null, syntax, expenseId: expense.id });
    return expense.id;
  });
}

/** The received files of the user's garages that did not become an expense (to treat, duplicates), newest first. */
export async function unbookedFlows(db: Database, companyIds: number[]) {
  return db
    .select({
      id: platformFlows.id,
      receivedAt: platformFlows.receivedAt,
      source: platformFlows.source,
      fileName: platformFlows.fileName,
      syntax: platformFlows.syntax,
      state: platformFlows.state,
      reason: platformFlows.reason,
      expenseId: platformFlows.expenseId,
    })
    .from(platformFlows)
    .where(
      and(
        inArray(platformFlows.companyId, companyIds),
        eq(platformFlows.direction, 'in'),
        ne(platformFlows.state, 'booked'),
      ),
    )
    .orderBy(desc(platformFlows.receivedAt), desc(platformFlows.id))
    .limit(200);
}

/** A received file of the user's garages, to download it as it came. */
export async function incomingFile(db: Database, companyIds: number[], id: number) {
  const [row] = await db
    .select({ fileName: platformFlows.fileName, content: platformFlows.content, syntax: platformFlows.syntax })
    .from(platformFlows)
    .where(
      and(eq(platformFlows.id, id), inArray(platformFlows.companyId, companyIds), eq(platformFlows.direction, 'in')),
    );
  return row;
}
