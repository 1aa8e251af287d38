import { OPENING_BALANCE_TYPE, type OpeningBalanceRow } from 'contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db';
import { billingDocuments } from '../../../db/schema';
import { matchesAllWords } from '../../../lib/search';

/*
 * The opening balances still owed (unpaid invoices of the former software, imports/apply-receivables.ts), as the
 * payment form offers them beside the garage's own invoices: by number or debtor's name, the oldest first.
 */

const SHOWN = 20;

export async function owedOpeningBalances(
  db: Database,
  companyIds: number[],
  search: string,
): Promise<OpeningBalanceRow[]> {
  const rows = await db
    .select({
      id: billingDocuments.id,
      number: billingDocuments.number,
      customer: billingDocuments.customer,
      billTo: billingDocuments.billTo,
      totalAmount: billingDocuments.totalAmount,
      paidAmount: billingDocuments.paidAmount,
      creditedAmount: billingDocuments.creditedAmount,
      issuedAt: billingDocuments.issuedAt,
      dueDate: billingDocuments.dueDate,
    })
    .from(billingDocuments)
    .where(
      and(
        inArray(billingDocuments.companyId, companyIds),
        eq(billingDocuments.type, OPENING_BALANCE_TYPE),
        inArray(billingDocuments.status, ['issued', 'partial']),
        matchesAllWords(search, [sql`${billingDocuments.searchText}`]),
      ),
    )
    .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id))
    .limit(SHOWN);
  return rows.map((row) => ({
    ...row,
    number: row.number ?? '',
    customer: row.customer.name,
    billTo: row.billTo === 'insurer' ? 'insurer' : 'customer',
    issuedAt: (row.issuedAt ?? new Date(0)).toISOString(),
  }));
}
