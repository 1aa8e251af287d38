import { EXPENSE_ACCOUNT_KEYS, type EXPENSE_CATEGORIES } from 'contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { expenses, suppliers } from '../../db/schema';
import type { Chart } from './chart';
import { type Entry, entryLines } from './entries';
import { supplierAccount } from './third-parties';

/*
 * The purchases journal AC: one entry per expense dated in the period: debit its category's charge account
 * (6xx) with the amount before tax and deductible VAT (445661) with its VAT, credit the supplier (401 + auxiliary)
 * with the total. The expense's own id is its piece (the product gives expenses no number of their own).
 */

export const expensePiece = (id: number) => `DEP-${String(id).padStart(6, '0')}`;

export async function expenseEntries(
  db: Database,
  companyId: number,
  period: { from: string; to: string },
  chart: Chart,
): Promise<Entry[]> {
  const rows = await db
    .select({
      id: expenses.id,
      label: expenses.label,
      category: expenses.category,
      spentOn: expenses.spentOn,
      preTaxAmount: expenses.preTaxAmount,
      taxAmount: expenses.taxAmount,
      createdAt: expenses.createdAt,
      supplierId: expenses.supplierId,
      supplierSiret: suppliers.siret,
      supplierName: sql<string>`coalesce(nullif(${expenses.supplierName}, ''), ${suppliers.name}, '')`,
    })
    .from(expenses)
    .leftJoin(suppliers, eq(suppliers.id, expenses.supplierId))
    .where(
      and(
        eq(expenses.companyId, companyId),
        sql`${expenses.spentOn} >= ${period.from}::date`,
        sql`${expenses.spentOn} <= ${period.to}::date`,
      ),
    )
    .orderBy(asc(expenses.createdAt), asc(expenses.id));
  return rows.map((row): Entry => {
    const supplier = supplierAccount(chart, row);
    const charge = EXPENSE_ACCOUNT_KEYS[row.category as (typeof EXPENSE_CATEGORIES)[number]] ?? 'expense-other';
    const piece = expensePiece(row.id);
    return {
      journal: 'AC',
      validatedAt: row.createdAt,
      recordId: row.id,
      date: row.spentOn,
      pieceRef: piece,
      pieceDate: row.spentOn,
      label: [row.label, supplier.aux.label].filter(Boolean).join(' - '),
      lines: entryLines(
        [
          { account: chart[charge], amount: row.preTaxAmount, side: 'debit' },
          { account: chart['vat-deductible'], amount: row.taxAmount, side: 'debit' },
          {
            account: supplier.account,
            aux: supplier.aux,
            amount: row.preTaxAmount + row.taxAmount,
            side: 'credit',
          },
        ],
        `Dépense ${piece}`,
      ),
    };
  });
}
