import { EXPENSE_COLUMNS, type ExpenseRow, type PagingQuery } from 'contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db';
import { expenseReceipts, expenses, receivedInvoices, suppliers } from '../../../db/schema';
import { pagedList } from '../../../lib/paged-list';

export interface NewExpense {
  companyId: number;
  supplierId: number | null;
  supplierName: string;
  label: string;
  category: string;
  spentOn: string;
  preTaxAmount: number;
  taxAmount: number;
  receipt?: { name: string; mime: string; content: Buffer };
  userId: number;
}

/** The expense and its receipt in one transaction: never an expense whose uploaded receipt was lost. */
export async function addExpense(db: Database, expense: NewExpense): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(expenses)
      .values({
        companyId: expense.companyId,
        supplierId: expense.supplierId,
        supplierName: expense.supplierName,
        label: expense.label,
        category: expense.category,
        spentOn: expense.spentOn,
        preTaxAmount: expense.preTaxAmount,
        taxAmount: expense.taxAmount,
        receiptName: expense.receipt?.name ?? null,
        receiptMime: expense.receipt?.mime ?? null,
        createdBy: expense.userId,
      })
      .returning({ id: expenses.id });
    if (!row) throw new Error('expense not created');
    if (expense.receipt)
      await tx.insert(expenseReceipts).values({ expenseId: row.id, content: expense.receipt.content });
    return row.id;
  });
}

/** A supplier of this garage, or undefined. */
export async function supplierName(db: Database, companyId: number, supplierId: number) {
  const [row] = await db
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.companyId, companyId)));
  return row?.name;
}

const total = sql<number>`(${expenses.preTaxAmount} + ${expenses.taxAmount})`;
const SORTS: Record<(typeof EXPENSE_COLUMNS)[number], SQL> = {
  date: sql`${expenses.spentOn}`,
  supplier: sql`${expenses.supplierName}`,
  label: sql`${expenses.label}`,
  category: sql`${expenses.category}`,
  preTaxAmount: sql`${expenses.preTaxAmount}`,
  taxAmount: sql`${expenses.taxAmount}`,
  totalAmount: total,
  einvoiceStatus: sql`${receivedInvoices.status}`,
};

/** `/api/expense/list`: expenses of the user's companies, tabs by category (column 3), newest first. */
export async function listExpenses(db: Database, companyIds: number[], query: PagingQuery) {
  const {
    data: rows,
    totalRecords,
    statusCounts,
  } = await pagedList(
    {
      rows: db
        .select({
          id: expenses.id,
          date: expenses.spentOn,
          supplierId: expenses.supplierId,
          supplier: expenses.supplierName,
          label: expenses.label,
          category: expenses.category,
          preTaxAmount: expenses.preTaxAmount,
          taxAmount: expenses.taxAmount,
          totalAmount: total,
          hasReceipt: sql<boolean>`${expenses.receiptName} is not null`,
          einvoiceStatus: receivedInvoices.status,
        })
        .from(expenses)
        .leftJoin(receivedInvoices, eq(receivedInvoices.expenseId, expenses.id))
        .$dynamic(),
      tabs: {
        key: 'category',
        column: expenses.category,
        counts: db.select({ tab: expenses.category, total: sql<number>`count(*)::int` }).from(expenses).$dynamic(),
      },
      keys: EXPENSE_COLUMNS,
      defaultSort: { sort: 'date', dir: 'desc' },
      sorts: SORTS,
      tieBreak: [expenses.id],
      tieBreakFollowsSort: true,
      search: [sql`search_fold(${expenses.label})`, sql`search_fold(${expenses.supplierName})`],
      scope: inArray(expenses.companyId, companyIds),
      filters: { category: (value) => eq(expenses.category, value) },
    },
    query,
  );
  const data: ExpenseRow[] = rows.map((row) => ({ ...row, totalAmount: Number(row.totalAmount) }));
  return { data, totalRecords, statusCounts };
}

/** The receipt of an expense of the user's companies. */
export async function readReceipt(db: Database, companyIds: number[], expenseId: number) {
  const [row] = await db
    .select({ name: expenses.receiptName, mime: expenses.receiptMime, content: expenseReceipts.content })
    .from(expenses)
    .innerJoin(expenseReceipts, eq(expenseReceipts.expenseId, expenses.id))
    .where(and(eq(expenses.id, expenseId), inArray(expenses.companyId, companyIds)));
  return row;
}
