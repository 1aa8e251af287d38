import { Button, Tag } from 'antd';
import { CONSUMPTION_LIST_ERROR, CONSUMPTION_TYPE_COLUMN, type ConsumptionRow, UNIT_KIND_LABELS } from 'contracts';
import { Link } from 'react-router-dom';
import {
  formatDateTime,
  formatNumber,
  PageHeader,
  type ServerColumn,
  ServerTable,
  type StatusTab,
  useSession,
} from 'shared-ui';
import { consumptionFetcher } from '../api/consumption';

const KIND_COLORS = { gestion: 'blue', sidexa: 'purple', recouvrement: 'orange', achat: 'green' } as const;

export const consumptionColumns: ServerColumn<ConsumptionRow>[] = [
  {
    title: 'Date',
    dataIndex: 'date',
    width: 170,
    filterable: false,
    render: (_, row) => formatDateTime(row.date),
    exportValue: (row) => formatDateTime(row.date),
  },
  { title: 'Dossier', dataIndex: 'folder', render: (_, row) => row.folder ?? '—' },
  {
    title: 'Jetons',
    dataIndex: 'jetons',
    width: 110,
    align: 'right',
    filterable: false,
    render: (_, row) => (row.jetons > 0 ? `+${formatNumber(row.jetons)}` : formatNumber(row.jetons)),
  },
  {
    title: 'Type',
    dataIndex: 'type',
    width: 150,
    filterable: false,
    render: (_, row) => <Tag color={KIND_COLORS[row.type]}>{UNIT_KIND_LABELS[row.type]}</Tag>,
    exportValue: (row) => UNIT_KIND_LABELS[row.type],
  },
];

/** TOUT, Gestion, Sidexa, Recouvrement (purchases show under TOUT). */
const TABS: StatusTab[] = [
  { key: 'all', label: 'TOUT', value: '' },
  { key: 'gestion', label: 'Gestion' },
  { key: 'sidexa', label: 'Sidexa' },
  { key: 'recouvrement', label: 'Recouvrement' },
];

/** "Ma Consommation" (/company/consumption): every unit spent or bought; a row with a folder opens it. */
export function ConsumptionPage() {
  const jeton = useSession((state) => state.claims?.jeton ?? 0);
  return (
    <>
      <PageHeader
        title="Ma consommation"
        subtitle={`Solde : ${formatNumber(jeton)} unités`}
        extra={
          <Link to="/checkout">
            <Button type="primary">Acheter des unités</Button>
          </Link>
        }
      />
      <ServerTable
        tableKey="consumption"
        columns={consumptionColumns}
        fetcher={consumptionFetcher}
        searchPlaceholder="Rechercher un dossier"
        defaultSort={{ field: 'date', dir: 'desc' }}
        statusTabs={TABS}
        statusColumnIndex={CONSUMPTION_TYPE_COLUMN}
        rowHref={(row) => (row.folderId ? `/folder/show/${row.folderId}` : undefined)}
        defaultErrorMessage={CONSUMPTION_LIST_ERROR}
        exports={{ csvName: 'consommation.csv', excelName: 'consommation.xlsx', printName: 'consommation' }}
      />
    </>
  );
}
