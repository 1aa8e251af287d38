import { expenseCreatedSchema, expenseRowSchema, SUPPLIER_COLUMNS, supplierListResponseSchema } from 'contracts';
import { pagedFetcher, request } from 'shared-ui';

/** GET /api/expense/list (shared paging; the tab filters the category, column 3). */
export const expenseFetcher = pagedFetcher('api/expense/list', expenseRowSchema);

/** POST /api/expense as form data: the fields and the optional receipt `file`. */
export const addExpense = (body: FormData) => request('api/expense', expenseCreatedSchema, { method: 'post', body });

export const receiptUrl = (expenseId: number) => `/api/expense/${expenseId}/receipt`;

/** The garage's suppliers to choose from (those who may not read suppliers type the name instead). */
export async function supplierOptions() {
  const answer = await request('api/supplier/list', supplierListResponseSchema, {
    searchParams: {
      page: 1,
      pageSize: 100,
      columnsMap: JSON.stringify(SUPPLIER_COLUMNS),
      sortField: 0,
      sortDir: 'asc',
    },
  });
  return answer.data.map((supplier) => ({ value: supplier.id, label: supplier.name }));
}
