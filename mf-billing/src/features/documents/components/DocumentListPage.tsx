import { PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import {
  centsToText,
  DOCUMENT_COLUMNS,
  DOCUMENT_LIST_ERROR,
  DOCUMENT_LIST_TITLES,
  DOCUMENT_PERMISSIONS,
  DOCUMENT_STATUS_FLOW,
  type DocumentRow,
  type DocumentType,
  EXPORTABLE_DOCUMENT_TYPES,
  type ExportableDocumentType,
  PERIOD_EXPORTS,
} from 'contracts';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  formatCents,
  formatDate,
  PageHeader,
  type ServerColumn,
  ServerTable,
  type StatusTab,
  useCan,
  useSession,
} from 'shared-ui';
import { documentFetcher } from '../api/documents';
import { EXPORT_BASENAMES, NEW_DOCUMENT_LABELS, partyLabel } from '../document-labels';
import { DocumentStatusTag, statusText } from './DocumentStatusTag';

/** The e-invoice statuses the garage must act on: refused by the buyer (210), rejected by a platform (213). */
const TO_ACT_ON = new Set(['210', '213']);

/** The status column's index in DOCUMENT_COLUMNS (6): the status tabs filter it. */
export const DOCUMENT_STATUS_COLUMN_INDEX = DOCUMENT_COLUMNS.indexOf('status');

const isExportableType = (type: DocumentType): type is ExportableDocumentType =>
  (EXPORTABLE_DOCUMENT_TYPES as readonly string[]).includes(type);

// Once issued, a document's date is its issue date (the one printed on it); a draft has only its creation date.
const documentDate = (row: DocumentRow) => row.issuedAt ?? row.createdAt;

/** The document's status, and beside it a refusal or a rejection of its e-invoice: what the garage must act on. */
function StatusWithPlatform({ row }: { row: DocumentRow }) {
  return (
    <>
      <DocumentStatusTag document={row} />
      {row.platformStatus && TO_ACT_ON.has(row.platformStatus) ? <Tag color="red">{row.platformLabel}</Tag> : null}
    </>
  );
}

/** « Plateforme »: where a sent e-invoice stands; shown from « Colonnes » (a refusal already shows by the status). */
const PLATFORM_COLUMN: ServerColumn<DocumentRow> = {
  title: 'Plateforme',
  dataIndex: 'platform',
  width: 150,
  secondary: true,
  render: (_, row) => row.platformLabel || '—',
  exportValue: (row) => row.platformLabel,
};

/** The columns in the order of DOCUMENT_COLUMNS (index = sortField), "Payé" last for invoices. */
export function documentColumns(type: DocumentType): ServerColumn<DocumentRow>[] {
  const columns: ServerColumn<DocumentRow>[] = [
    {
      title: 'N°',
      dataIndex: 'number',
      width: 150,
      render: (_, row) => row.number ?? 'Brouillon',
      exportValue: (row) => row.number ?? 'Brouillon',
    },
    {
      title: 'Date',
      dataIndex: 'createdAt',
      width: 110,
      filterable: false,
      render: (_, row) => formatDate(documentDate(row)),
      exportValue: (row) => formatDate(documentDate(row)),
    },
    { title: partyLabel(type), dataIndex: 'customer' },
    {
      title: 'Dossier',
      dataIndex: 'folder',
      width: 140,
      render: (_, row) =>
        row.folderId ? <Link to={`/folder/show/${row.folderId}`}>{row.folder ?? 'Dossier'}</Link> : '—',
      exportValue: (row) => row.folder ?? '',
    },
    {
      title: 'Total HT',
      secondary: true,
      dataIndex: 'preTaxAmount',
      width: 120,
      align: 'right',
      filterable: false,
      render: (_, row) => formatCents(row.preTaxAmount),
      exportValue: (row) => centsToText(row.preTaxAmount),
    },
    {
      title: 'Total TTC',
      dataIndex: 'totalAmount',
      width: 120,
      align: 'right',
      filterable: false,
      render: (_, row) => formatCents(row.totalAmount),
      exportValue: (row) => centsToText(row.totalAmount),
    },
    {
      title: 'Statut',
      dataIndex: 'status',
      width: 140,
      filterable: false,
      render: (_, row) => <StatusWithPlatform row={row} />,
      exportValue: statusText,
    },
  ];
  if (type === 'invoice' || type === 'credit-note') columns.push(PLATFORM_COLUMN);
  if (type === 'invoice') {
    columns.push({
      title: 'Payé',
      dataIndex: 'paidAmount',
      width: 120,
      align: 'right',
      // Not a column of the server's sort or filters (DOCUMENT_COLUMNS): shown only.
      sorter: false,
      filterable: false,
      render: (_, row) => formatCents(row.paidAmount),
      exportValue: (row) => centsToText(row.paidAmount),
    });
  }
  return columns;
}

export function documentTabs(type: DocumentType): StatusTab[] {
  return [
    { key: 'all', label: 'TOUT', value: '' },
    ...Object.entries(DOCUMENT_STATUS_FLOW[type]).map(([key, label]) => ({ key, label })),
  ];
}

/** /quotation/list/{type}: the selected garage's quotes, invoices, credit notes or purchase orders, by status. */
export function DocumentListPage({ type }: { type: DocumentType }) {
  const navigate = useNavigate();
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const mayWrite = useCan(DOCUMENT_PERMISSIONS[type]);
  const fetcher = useMemo(() => documentFetcher(type), [type]);
  const columns = useMemo(() => documentColumns(type), [type]);
  const tabs = useMemo(() => documentTabs(type), [type]);
  const basename = EXPORT_BASENAMES[type];

  return (
    <>
      <PageHeader
        title={DOCUMENT_LIST_TITLES[type]}
        extra={
          // A credit note is made from the invoice it corrects ("Créer un avoir"), never from the list.
          mayWrite && type !== 'credit-note' ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/quotation/new/${type}`)}>
              {NEW_DOCUMENT_LABELS[type]}
            </Button>
          ) : null
        }
      />
      <ServerTable
        // Another garage or type is another list: start it afresh.
        key={`${companyId}-${type}`}
        tableKey={`documents-${type}`}
        columns={columns}
        fetcher={fetcher}
        searchPlaceholder="Rechercher un document"
        defaultSort={{ field: 'createdAt', dir: 'desc' }}
        statusTabs={tabs}
        statusColumnIndex={DOCUMENT_STATUS_COLUMN_INDEX}
        rowHref={(row) => `/quotation/show/${row.id}`}
        defaultErrorMessage={DOCUMENT_LIST_ERROR}
        exports={{
          csvName: `${basename}.csv`,
          excelName: `${basename}.xlsx`,
          printName: basename,
          // Invoices and credit notes (the tax documents) also export a whole period, by issue day.
          period: isExportableType(type)
            ? { path: PERIOD_EXPORTS[type].path, dateLabel: 'date d’émission' }
            : undefined,
        }}
      />
    </>
  );
}
