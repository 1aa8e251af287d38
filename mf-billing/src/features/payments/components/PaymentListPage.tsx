import { RollbackOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import {
  CONSUMPTION_LIST_ERROR,
  centsToText,
  PAYMENT_COLUMNS,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentKind,
  type PaymentRow,
  PERIOD_EXPORTS,
  paymentKindOf,
} from 'contracts';
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  DocumentLink,
  formatCents,
  formatDate,
  lazyNamed,
  PageHeader,
  type ServerColumn,
  ServerTable,
  type StatusTab,
  useCan,
  useInvalidate,
} from 'shared-ui';
import { paymentFetcher } from '../../../api/payments';

// The dialogs load their code when opened: this list is in the remote's first chunk, which every billing page loads.
const PaymentModal = lazyNamed(() => import('../../../components/payment-modal/PaymentModal'), 'PaymentModal');
const CancelPaymentModal = lazyNamed(() => import('./CancelPaymentModal'), 'CancelPaymentModal');

/** Only a payment received, not yet cancelled, is cancelled here (a refund or a move is undone by its opposite). */
const cancellable = (row: PaymentRow) => paymentKindOf(row) === 'payment' && !row.cancelled;

const TAG_STYLE = { marginLeft: 6, marginInlineEnd: 0 };

const KIND_COLORS: Record<PaymentKind, string | undefined> = {
  payment: undefined,
  cancellation: 'red',
  refund: 'orange',
  moved: 'blue',
};

/** What a row is when it is not a plain payment received, and whether it pays a deposit invoice. */
function PaymentKindTag({ row }: { row: PaymentRow }) {
  const kind = paymentKindOf(row);
  return (
    <>
      {kind !== 'payment' ? (
        <Tag color={KIND_COLORS[kind]} style={TAG_STYLE}>
          {kind === 'moved' ? 'Imputation' : PAYMENT_KIND_LABELS[kind]}
        </Tag>
      ) : row.cancelled ? (
        <Tag style={TAG_STYLE}>Annulé</Tag>
      ) : null}
      {row.deposit ? (
        <Tag color="purple" style={TAG_STYLE}>
          Acompte
        </Tag>
      ) : null}
    </>
  );
}

/** Columns in the order of the server's columns map (docs/product.md: name0 … comment5). */
export const paymentColumns: ServerColumn<PaymentRow>[] = [
  {
    title: 'Dossier',
    dataIndex: 'name',
    render: (_, row) => (row.folderId ? <Link to={`/folder/show/${row.folderId}`}>{row.name}</Link> : row.name),
  },
  {
    title: 'Montant',
    dataIndex: 'amount',
    width: 130,
    align: 'right',
    filterable: false,
    render: (_, row) => (
      <>
        {formatCents(row.amount)}
        <PaymentKindTag row={row} />
      </>
    ),
    exportValue: (row) => centsToText(row.amount),
  },
  {
    title: 'Type',
    dataIndex: 'type',
    width: 120,
    filterable: false,
    render: (_, row) => PAYMENT_METHOD_LABELS[row.type],
    exportValue: (row) => PAYMENT_METHOD_LABELS[row.type],
  },
  {
    title: 'Facture',
    dataIndex: 'invoice',
    width: 160,
    render: (_, row) => <DocumentLink id={row.invoiceId} number={row.invoice} openingBalance={row.openingBalance} />,
  },
  {
    title: 'Date',
    dataIndex: 'date',
    width: 120,
    filterable: false,
    render: (_, row) => formatDate(row.date),
    exportValue: (row) => formatDate(row.date),
  },
  { title: 'Commentaire', dataIndex: 'comment' },
];
const TYPE_INDEX = PAYMENT_COLUMNS.indexOf('type');
const TABS: StatusTab[] = [
  { key: 'all', label: 'TOUT', value: '' },
  ...PAYMENT_METHODS.map((method) => ({ key: method, label: PAYMENT_METHOD_LABELS[method] })),
];

/** "Paiement" (/paiement/list/paiement): payments received, newest first, with the spec's exports. */
export function PaymentListPage() {
  const navigate = useNavigate();
  const maySellAtCounter = useCan('counterSale');
  const [recording, setRecording] = useState(false);
  const [cancelling, setCancelling] = useState<PaymentRow>();
  const invalidate = useInvalidate();
  // A payment recorded or cancelled changes this list, its invoice (status, what is left to pay) and the lists and
  // folders that show it: read again, the table keeping its search, tab and page.
  const paymentsChanged = () => void invalidate('api/paiement', 'api/quotation', 'api/folder');
  return (
    <>
      <PageHeader
        title="Paiement"
        extra={
          <Space wrap>
            {maySellAtCounter ? <Button onClick={() => navigate('/paiement/counter')}>Vente au comptoir</Button> : null}
            <Button onClick={() => navigate('/paiement/insurers')}>Créances assureurs</Button>
            <Button onClick={() => navigate('/paiement/cash-up')}>Clôture de caisse</Button>
            <Button type="primary" onClick={() => setRecording(true)}>
              Enregistrer un paiement
            </Button>
          </Space>
        }
      />
      <ServerTable
        tableKey="payment"
        columns={paymentColumns}
        fetcher={paymentFetcher}
        searchPlaceholder="Rechercher un produit"
        defaultSort={{ field: 'date', dir: 'desc' }}
        statusTabs={TABS}
        statusColumnIndex={TYPE_INDEX}
        defaultErrorMessage={CONSUMPTION_LIST_ERROR}
        actionsTitle="Actions"
        actions={(row) =>
          cancellable(row) ? (
            <Button
              type="text"
              danger
              icon={<RollbackOutlined />}
              aria-label={`Annuler le paiement de ${formatCents(row.amount)} du ${formatDate(row.date)}`}
              onClick={() => setCancelling(row)}
            />
          ) : null
        }
        exports={{
          csvName: 'export-csv.csv',
          excelName: 'export-excel.xlsx',
          printName: 'export-payment-prit',
          excelWidths: { name: 30, amount: 20, type: 15, invoice: 20, date: 15, comment: 40 },
          period: { path: PERIOD_EXPORTS.payment.path, dateLabel: 'date du paiement' },
        }}
      />
      {cancelling ? (
        <Suspense fallback={null}>
          <CancelPaymentModal
            payment={cancelling}
            onClose={() => setCancelling(undefined)}
            onCancelled={() => {
              setCancelling(undefined);
              paymentsChanged();
            }}
          />
        </Suspense>
      ) : null}
      {recording ? (
        <Suspense fallback={null}>
          <PaymentModal
            onClose={() => setRecording(false)}
            onSaved={() => {
              setRecording(false);
              paymentsChanged();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
