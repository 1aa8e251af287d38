import { EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import {
  CLOSING_COLUMNS,
  CLOSING_KIND_LABELS,
  CLOSING_KINDS,
  CLOSING_LIST_ERROR,
  type ClosingRow,
  centsToText,
  closingPeriodLabel,
} from 'contracts';
import { useState } from 'react';
import { formatCents, formatDateTime, PageHeader, type ServerColumn, ServerTable, type StatusTab } from 'shared-ui';
import { closingFetcher } from '../api/closings';
import { ClosingDetailModal } from './ClosingDetailModal';
import { receiptsSummary, salesOf, vatSummary } from './closing-summaries';

/** Columns in the order of the server's columns map (CLOSING_COLUMNS). */
const columns: ServerColumn<ClosingRow>[] = [
  {
    title: 'Période',
    dataIndex: 'period',
    width: 220,
    filterable: false,
    render: (_, row) => closingPeriodLabel(row.kind, row.periodStart, row.periodEnd),
    exportValue: (row) => closingPeriodLabel(row.kind, row.periodStart, row.periodEnd),
  },
  {
    title: 'Clôture',
    dataIndex: 'kind',
    width: 150,
    filterable: false,
    render: (_, row) => CLOSING_KIND_LABELS[row.kind],
    exportValue: (row) => CLOSING_KIND_LABELS[row.kind],
  },
  { title: 'Garage', secondary: true, dataIndex: 'garage', width: 180, filterable: false },
  {
    title: 'Enregistrements',
    secondary: true,
    dataIndex: 'records',
    width: 130,
    align: 'right',
    filterable: false,
    render: (_, row) => row.totals.records,
    exportValue: (row) => row.totals.records,
  },
  {
    title: 'Ventes TTC',
    dataIndex: 'sales',
    width: 140,
    align: 'right',
    filterable: false,
    render: (_, row) => formatCents(salesOf(row)),
    exportValue: (row) => centsToText(salesOf(row)),
  },
  {
    title: 'TVA collectée',
    dataIndex: 'vat',
    filterable: false,
    sorter: false,
    render: (_, row) => vatSummary(row),
    exportValue: (row) => vatSummary(row),
  },
  {
    title: 'Encaissements',
    secondary: true,
    dataIndex: 'receipts',
    filterable: false,
    sorter: false,
    render: (_, row) => receiptsSummary(row.totals.receipts),
    exportValue: (row) => receiptsSummary(row.totals.receipts),
  },
  {
    title: 'Grand total TTC',
    dataIndex: 'grandTotal',
    width: 150,
    align: 'right',
    filterable: false,
    render: (_, row) => formatCents(row.totals.grand.salesTotal),
    exportValue: (row) => centsToText(row.totals.grand.salesTotal),
  },
  {
    title: 'Clôturée le',
    secondary: true,
    dataIndex: 'closedAt',
    width: 160,
    filterable: false,
    render: (_, row) => formatDateTime(row.closedAt),
    exportValue: (row) => formatDateTime(row.closedAt),
  },
];
const KIND_INDEX = CLOSING_COLUMNS.indexOf('kind');
const TABS: StatusTab[] = [
  { key: 'all', label: 'TOUT', value: '' },
  ...CLOSING_KINDS.map((kind) => ({ key: kind, label: CLOSING_KIND_LABELS[kind] })),
];

/**
 * /closings « Clôtures »: each ended day, month and fiscal year of the garages the user answers for, with
 * what it totals; closings are written automatically after each Paris midnight and never change.
 */
export function ClosingListPage() {
  const [shown, setShown] = useState<ClosingRow>();
  return (
    <>
      <PageHeader
        title="Clôtures"
        subtitle="Clôtures journalières, mensuelles et annuelles du registre inaltérable, faites automatiquement après minuit (heure de Paris)"
      />
      <ServerTable
        tableKey="closings"
        columns={columns}
        fetcher={closingFetcher}
        defaultSort={{ field: 'period', dir: 'desc' }}
        statusTabs={TABS}
        statusColumnIndex={KIND_INDEX}
        defaultErrorMessage={CLOSING_LIST_ERROR}
        emptyText="Aucune clôture pour l’instant : la première viendra après la première journée de ventes"
        actionsTitle="Détail"
        actions={(row) => (
          <Button
            type="text"
            icon={<EyeOutlined />}
            aria-label={`Détail de la clôture ${closingPeriodLabel(row.kind, row.periodStart, row.periodEnd)} (${row.garage})`}
            onClick={() => setShown(row)}
          />
        )}
        exports={{
          csvName: 'clotures.csv',
          excelName: 'clotures.xlsx',
          printName: 'clotures',
          excelWidths: { period: 30, kind: 18, garage: 25, receipts: 50 },
        }}
      />
      {shown ? <ClosingDetailModal closing={shown} onClose={() => setShown(undefined)} /> : null}
    </>
  );
}
