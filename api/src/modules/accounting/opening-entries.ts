import { OPENING_BALANCE_TYPE, parisDay } from 'contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { billingDocuments } from '../../db/schema';
import type { Chart } from './chart';
import { type Entry, entryLines } from './entries';
import { buyerAccount } from './third-parties';

/*
 * The AN journal (à-nouveaux): each unpaid invoice of the former software imported as an opening balance is one
 * entry on the day of its import, debit the debtor's 411 auxiliary account (the very account its payments will
 * credit), credit 4718 « Reprise des créances de l'ancien logiciel ». The garage's full books already hold these
 * receivables on the former software's accounts: the accountant clears 4718 against them once, and from then on
 * the payments the product records settle the right auxiliary account. An import undone before anything was paid
 * takes its entries with it.
 */

export async function openingEntries(
  db: Database,
  companyId: number,
  period: { from: string; to: string },
  chart: Chart,
): Promise<Entry[]> {
  const rows = await db
    .select({
      id: billingDocuments.id,
      number: billingDocuments.number,
      saleDate: billingDocuments.saleDate,
      createdAt: billingDocuments.createdAt,
      billTo: billingDocuments.billTo,
      customer: billingDocuments.customer,
      amount: billingDocuments.totalAmount,
    })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.companyId, companyId),
        eq(billingDocuments.type, OPENING_BALANCE_TYPE),
        sql`(${billingDocuments.createdAt} at time zone 'Europe/Paris')::date between ${period.from}::date and ${period.to}::date`,
      ),
    )
    .orderBy(asc(billingDocuments.createdAt), asc(billingDocuments.id));
  return rows.map((row) => {
    const buyer = buyerAccount(chart, { ...row, folderNumber: null });
    const what = `Reprise du solde ${row.number}`;
    return {
      journal: 'AN',
      validatedAt: row.createdAt,
      recordId: row.id,
      date: parisDay(row.createdAt),
      pieceRef: row.number ?? '',
      pieceDate: row.saleDate ?? parisDay(row.createdAt),
      label: `${what} ${row.customer.name}`,
      lines: entryLines(
        [
          { account: buyer.account, aux: buyer.aux, amount: row.amount, side: 'debit' },
          { account: chart['opening-balances'], amount: row.amount, side: 'credit' },
        ],
        what,
      ),
    };
  });
}
