import {
  BILLING_DOCUMENT_NOT_FOUND,
  type InsurerTransfer,
  ON_ACCOUNT_NOTHING,
  parisToday,
  TRANSFER_INVOICE_NOT_DUE,
} from 'contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db';
import { billingDocuments, payments } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/domain-error';
import { chainPayment } from '../../ledger/chain';
import { due, insurerInvoicesOf, insurerName, insurerSiren, onAccountInsurerInvoices } from './insurer-invoices-sql';
import { recordPayment } from './payments-repository';

/*
 * Money an insurer leaves on account: a transfer above what the ticked invoices owe keeps its rest on the newest of
 * them, which is then paid beyond its total (only an insurer's invoice may be). Applying it to other invoices of the
 * same insurer in the same garage moves it: a negative record on the invoice that held it, a positive one on the
 * invoice it settles, both `moved` and chained. No money changes hands: neither counts at the till nor on the bank;
 * only the VAT on receipts follows the invoice it now pays (accounting/receipt-entries.ts).
 */

/** Per insurer of `companyIds`, the money it left on account (cents). */
export function onAccountByInsurer(db: Database, companyIds: number[]) {
  return db
    .select({
      insurer: insurerName,
      siren: insurerSiren,
      onAccount: sql<number>`sum(-${due})::int`,
    })
    .from(billingDocuments)
    .where(onAccountInsurerInvoices(companyIds))
    .groupBy(insurerName, insurerSiren)
    .orderBy(insurerName);
}

type Held = { id: number; number: string | null; held: number };

/**
 * Applies what each invoice's insurer left on account in its garage to `invoiceIds`, oldest first, each as far as
 * the money goes; the rows locked (invoices first, then what holds the money), so two cashiers applying at once queue.
 */
export async function applyOnAccount(
  db: Database,
  companyIds: number[],
  invoiceIds: number[],
  userId: number,
): Promise<InsurerTransfer> {
  return db.transaction(async (tx) => {
    const targets = await tx
      .select({
        id: billingDocuments.id,
        number: billingDocuments.number,
        companyId: billingDocuments.companyId,
        status: billingDocuments.status,
        insurer: insurerName,
        siren: insurerSiren,
        due,
      })
      .from(billingDocuments)
      .where(and(inArray(billingDocuments.id, invoiceIds), insurerInvoicesOf(companyIds)))
      .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id))
      .for('update');
    if (targets.length !== new Set(invoiceIds).size) throw notFound(BILLING_DOCUMENT_NOT_FOUND);
    if (targets.some((target) => !['issued', 'partial'].includes(target.status) || target.due <= 0)) {
      throw conflict(TRANSFER_INVOICE_NOT_DUE);
    }
    const holders = new Map<string, Held[]>();
    const recorded: InsurerTransfer['payments'] = [];
    for (const target of targets) {
      const key = `${target.companyId}\u0000${target.siren}\u0000${target.insurer}`;
      const held = holders.get(key) ?? (await lockHolders(tx, target));
      holders.set(key, held);
      let need = target.due;
      for (const holder of held) {
        const amount = Math.min(need, holder.held);
        if (amount <= 0) continue;
        await move(tx, { companyIds, from: holder, to: target, amount, userId });
        holder.held -= amount;
        need -= amount;
        recorded.push({ invoiceId: target.id, number: target.number ?? '', amount });
      }
    }
    if (recorded.length === 0) throw conflict(ON_ACCOUNT_NOTHING);
    return { payments: recorded };
  });
}

/** The invoices holding `target`'s insurer's money in its garage, locked, oldest first. */
async function lockHolders(tx: Transaction, target: { companyId: number; insurer: string; siren: string }) {
  const rows = await tx
    .select({ id: billingDocuments.id, number: billingDocuments.number, held: sql<number>`(-${due})::int` })
    .from(billingDocuments)
    .where(
      and(
        onAccountInsurerInvoices([target.companyId]),
        sql`${insurerName} = ${target.insurer}`,
        sql`${insurerSiren} = ${target.siren}`,
      ),
    )
    .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id))
    .for('update');
  return rows as Held[];
}

/** `amount` of the money `from` holds moved to `to`: two chained records, two paid amounts changed. */
async function move(
  tx: Transaction,
  input: {
    companyIds: number[];
    from: Held;
    to: { id: number; number: string | null };
    amount: number;
    userId: number;
  },
) {
  const { from, to, amount } = input;
  const today = parisToday();
  // It keeps at least what it owes paid, so its status (paid, or credited) does not change.
  const [source] = await tx
    .update(billingDocuments)
    .set({ paidAmount: sql`${billingDocuments.paidAmount} - ${amount}`, updatedAt: new Date() })
    .where(eq(billingDocuments.id, from.id))
    .returning({ companyId: billingDocuments.companyId });
  if (!source) throw new Error('on-account invoice vanished');
  const [row] = await tx
    .insert(payments)
    .values({
      companyId: source.companyId,
      invoiceId: from.id,
      amount: -amount,
      method: 'transfer',
      paidOn: today,
      comment: `Montant sur compte imputé sur la facture ${to.number ?? ''}`,
      moved: true,
      createdBy: input.userId,
    })
    .returning();
  if (!row) throw new Error('move not recorded');
  await chainPayment(tx, row, from.number ?? '');
  await recordPayment(tx, {
    companyIds: input.companyIds,
    invoiceId: to.id,
    amount,
    method: 'transfer',
    paidOn: today,
    comment: `Montant sur compte de l’assureur (facture ${from.number ?? ''})`,
    userId: input.userId,
    moved: true,
  });
}
