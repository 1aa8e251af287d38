import { Button } from 'antd';
import {
  ALL_COMPANIES_ID,
  centsToText,
  EXPENSE_CATEGORIES,
  EXPENSE_COLUMNS,
  EXPENSE_LIST_ERROR,
  EXPENSE_PICK_GARAGE,
  type ExpenseRow,
} from 'contracts';
import { useState } from 'react';
import {
  formatCents,
  formatDate,
  PageHeader,
  type ServerColumn,
  ServerTable,
  type StatusTab,
  useFeedback,
  useInvalidate,
  useSession,
} from 'shared-ui';
import { expenseFetcher, receiptUrl } from '../api/expenses';
import { ExpenseModal } from './ExpenseModal';

const money = (key: 'preTaxAmount' | 'taxAmount' | 'totalAmount', title: string): ServerColumn<ExpenseRow> => ({
  title,
  dataIndex: key,
  width: 120,
  align: 'right',
  filterable: false,
  render: (_, row) => formatCents(row[key]),
  exportValue: (row) => centsToText(row[key]),
});

export const expenseColumns: ServerColumn<ExpenseRow>[] = [
  {
    title: 'Date',
    dataIndex: 'date',
    width: 110,
    filterable: false,
    render: (_, row) => formatDate(row.date),
    exportValue: (row) => formatDate(row.date),
  },
  { title: 'Fournisseur', dataIndex: 'supplier', render: (_, row) => row.supplier || '—' },
  { title: 'Libellé', dataIndex: 'label' },
  { title: 'Catégorie', dataIndex: 'category', width: 140, filterable: false },
  money('preTaxAmount', 'HT'),
  money('taxAmount', 'TVA'),
  money('totalAmount', 'TTC'),
];
const CATEGORY_INDEX = EXPENSE_COLUMNS.indexOf('category');
const TABS: StatusTab[] = [
  { key: 'all', label: 'TOUT', value: '' },
  ...EXPENSE_CATEGORIES.map((category) => ({ key: category, label: category })),
];

/** "Dépenses/Achats" (/expense/list): what the garage spent, with receipts; a new entry needs one garage. */
export function ExpenseListPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? ALL_COMPANIES_ID);
  const feedback = useFeedback();
  const [adding, setAdding] = useState(false);
  const invalidate = useInvalidate();
  return (
    <>
      <PageHeader
        title="Dépenses/Achats"
        extra={
          <Button
            type="primary"
            onClick={() => (companyId === ALL_COMPANIES_ID ? feedback.info(EXPENSE_PICK_GARAGE) : setAdding(true))}
          >
            Nouvelle dépense
          </Button>
        }
      />
      <ServerTable
        tableKey="expense"
        columns={expenseColumns}
        fetcher={expenseFetcher}
        searchPlaceholder="Rechercher une dépense"
        defaultSort={{ field: 'date', dir: 'desc' }}
        statusTabs={TABS}
        statusColumnIndex={CATEGORY_INDEX}
        defaultErrorMessage={EXPENSE_LIST_ERROR}
        actionsTitle="Justificatif"
        actions={(row) =>
          row.hasReceipt ? (
            <a href={receiptUrl(row.id)} aria-label={`Justificatif : ${row.label}`}>
              Télécharger
            </a>
          ) : (
            '—'
          )
        }
        exports={{ csvName: 'depenses.csv', excelName: 'depenses.xlsx', printName: 'depenses' }}
      />
      {adding ? (
        <ExpenseModal
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            // The new expense shows in the list, which keeps its search, tab and page (and in the accounting).
            void invalidate('api/expense', 'api/accounting');
          }}
        />
      ) : null}
    </>
  );
}
