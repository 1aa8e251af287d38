import { EditOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { formatCents, formatDate } from '../../theme/format';
import { SafeHtml } from '../safe-html/SafeHtml';
import { type ServerColumn, ServerTable, type ServerTableProps } from './ServerTable';
import { demoFetcher, emptyFetcher, failingFetcher, neverFetcher, type PaymentRow } from './story-data';

const columns: ServerColumn<PaymentRow>[] = [
  { title: 'Dossier', dataIndex: 'name' },
  {
    title: 'Montant',
    dataIndex: 'amount',
    render: (_, row) => formatCents(Math.round(row.amount * 100)),
    exportValue: (row) => row.amount,
  },
  { title: 'Type', dataIndex: 'type', render: (_, row) => <Tag>{row.type}</Tag> },
  {
    title: 'Facture',
    dataIndex: 'invoice',
    sorter: false,
    render: (_, row) => <SafeHtml as="span" html={row.invoice} />,
  },
  { title: 'Date', dataIndex: 'date', render: (_, row) => formatDate(row.date) },
  { title: 'Commentaire', dataIndex: 'comment', sorter: false },
];

const paymentProps: ServerTableProps<PaymentRow> = {
  tableKey: 'story-payments',
  columns,
  fetcher: demoFetcher(),
  searchPlaceholder: 'Rechercher un produit',
  defaultSort: { field: 'date', dir: 'desc' },
  defaultErrorMessage: 'Erreur lors du chargement des consommations',
  exports: {
    printName: 'export-payment-prit',
    excelWidths: { name: 30, amount: 20, type: 15, invoice: 20, date: 15, comment: 40 },
  },
};

const meta = {
  title: 'Données/ServerTable',
  component: ServerTable<PaymentRow>,
  args: paymentProps,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServerTable<PaymentRow>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const StatusTabs: Story = {
  name: 'Onglets de statut (Ma consommation)',
  args: {
    tableKey: 'story-consumption',
    searchPlaceholder: 'Rechercher un dossier',
    statusColumnIndex: 2,
    statusTabs: [
      { key: 'all', label: 'TOUT', value: '' },
      { key: 'gestion', label: 'Gestion' },
      { key: 'sidexa', label: 'Sidexa' },
      { key: 'recouvrement', label: 'Recouvrement' },
    ],
    rowHref: (row) => `/folder/show/${row.id}`,
    exports: false,
  },
};

export const LinksDisabledAndActions: Story = {
  name: 'Lignes liens, désactivées et actions (Mes produits)',
  args: {
    tableKey: 'story-products',
    rowHref: (row) => `/product/new/${row.id}`,
    rowDisabled: (row) => row.companyId !== 1,
    actions: (row) => (
      <Button type="text" icon={<EditOutlined />} aria-label={`Modifier ${row.name}`} disabled={row.companyId !== 1} />
    ),
    toolbar: <Button type="primary">Ajouter un produit</Button>,
  },
};

export const WithoutColumnSelector: Story = {
  name: 'Sélecteur de colonnes masqué (Sidexa)',
  args: { tableKey: 'story-sidexa', hideColumnSelector: true, exports: false },
};

export const Loading: Story = { args: { tableKey: 'story-loading', fetcher: neverFetcher } };

export const Empty: Story = { args: { tableKey: 'story-empty', fetcher: emptyFetcher } };

export const LoadError: Story = {
  name: 'Erreur de chargement',
  args: { tableKey: 'story-error', fetcher: failingFetcher },
};

/** A billing list: « Exporter » also offers « Exporter la période… » (every row of the filter, written by the server). */
export const WithPeriodExport: Story = {
  name: 'With period export',
  args: {
    tableKey: 'story-period-export',
    exports: {
      csvName: 'paiements.csv',
      period: { path: 'api/paiement/list/export', dateLabel: 'date du paiement' },
    },
  },
};
