import { Button, Space, Tag } from 'antd';
import {
  ALL_COMPANIES_ID,
  centsToText,
  EXPENSE_CATEGORIES,
  EXPENSE_COLUMNS,
  EXPENSE_LIST_ERROR,
  EXPENSE_PICK_GARAGE,
  type ExpenseRow,
  RECEIVED_STATUS_LABELS,
} from 'contracts';
import { lazy, Suspense, useState } from 'react';
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
import { ReceivedActions } from './ReceivedActions';
import { STATUS_COLORS } from './ReceivedStatusPanel';
import { ReceivedToTreatCard } from './ReceivedToTreatCard';

// Opened on demand: the list page does not carry the received invoice's tables and forms.
const ReceivedInvoiceModal = lazy(() =>
  import('./ReceivedInvoiceModal').then((module) => ({ default: module.ReceivedInvoiceModal })),
);

const money = (key: 'preTaxAmount' | 'taxAmount' | 'totalAmount', title: string): ServerColumn<ExpenseRow> => ({
  title,
  dataIndex: key,
  width: 120,
  align: 'right',
  filterable: false,
  render: (_, row) => formatCents(row[key]),
  exportValue: (row) => centsToText(row[key]),
});

/** The columns of the list; « Facture reçue » opens the supplier's e-invoice the expense was booked from. */
const expenseColumns = (openReceived: (expenseId: number) => void): ServerColumn<ExpenseRow>[] => [
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
  // The category and the VAT (TTC less HT) are shown on demand (« Colonnes »): the list holds at 1280 px with
  // « Facture reçue » and headers whose words are never cut.
  { title: 'Catégorie', dataIndex: 'category', width: 140, filterable: false, secondary: true },
  money('preTaxAmount', 'HT'),
  { ...money('taxAmount', 'TVA'), secondary: true },
  money('totalAmount', 'TTC'),
  {
    title: 'Facture reçue',
    dataIndex: 'einvoiceStatus',
    width: 130,
    filterable: false,
    render: (_, row) =>
      row.einvoiceStatus ? (
        <Button
          type="link"
          size="small"
          onClick={() => openReceived(row.id)}
          aria-label={`${RECEIVED_STATUS_LABELS[row.einvoiceStatus]} — facture reçue : ${row.label}`}
        >
          <Tag color={STATUS_COLORS[row.einvoiceStatus]}>{RECEIVED_STATUS_LABELS[row.einvoiceStatus]}</Tag>
        </Button>
      ) : (
        '—'
      ),
    exportValue: (row) => (row.einvoiceStatus ? RECEIVED_STATUS_LABELS[row.einvoiceStatus] : ''),
  },
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
  const [received, setReceived] = useState<number | null>(null);
  const invalidate = useInvalidate();
  return (
    <>
      <PageHeader
        title="Dépenses/Achats"
        extra={
          <Space wrap>
            <ReceivedActions />
            <Button
              type="primary"
              onClick={() => (companyId === ALL_COMPANIES_ID ? feedback.info(EXPENSE_PICK_GARAGE) : setAdding(true))}
            >
              Nouvelle dépense
            </Button>
          </Space>
        }
      />
      <ReceivedToTreatCard onOpenExpense={setReceived} />
      <ServerTable
        tableKey="expense"
        columns={expenseColumns(setReceived)}
        fetcher={expenseFetcher}
        searchPlaceholder="Rechercher une dépense"
        defaultSort={{ field: 'date', dir: 'desc' }}
        statusTabs={TABS}
        statusColumnIndex={CATEGORY_INDEX}
        defaultErrorMessage={EXPENSE_LIST_ERROR}
        actionsTitle="Justificatif"
        actions={(row) =>
          row.hasReceipt ? (
            <a href={receiptUrl(row.id)} aria-label={`Télécharger le justificatif : ${row.label}`}>
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
      {received !== null ? (
        <Suspense fallback={null}>
          <ReceivedInvoiceModal expenseId={received} onClose={() => setReceived(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
