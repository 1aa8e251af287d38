import { Button, Space, Tag } from 'antd';
import { centsToText, STOCK_LIST_ERROR, STOCK_PICK_GARAGE, STOCK_STATES, type StockRow } from 'contracts';
import { useState } from 'react';
import {
  formatCents,
  GaragePicker,
  PageHeader,
  type ServerColumn,
  ServerTable,
  type StatusTab,
  useInvalidate,
  useSession,
} from 'shared-ui';
import { stockFetcher } from '../api/stock';
import { StockHistoryDrawer } from './StockHistoryDrawer';
import { StockMovementModal } from './StockMovementModal';

const STATE_COLORS = { ok: 'green', low: 'orange', out: 'red' } as const;

const columns: ServerColumn<StockRow>[] = [
  { title: 'Produit', dataIndex: 'name' },
  { title: 'Code', dataIndex: 'productCode', width: 160, render: (_, row) => row.productCode ?? '—' },
  { title: 'Quantité', dataIndex: 'quantity', width: 110, align: 'right', filterable: false },
  { title: 'Seuil', dataIndex: 'threshold', width: 90, align: 'right', filterable: false },
  {
    title: 'PMP HT',
    secondary: true,
    dataIndex: 'averageCost',
    width: 120,
    align: 'right',
    filterable: false,
    render: (_, row) => formatCents(row.averageCost),
    exportValue: (row) => centsToText(row.averageCost),
  },
  {
    title: 'Valeur',
    dataIndex: 'value',
    width: 130,
    align: 'right',
    filterable: false,
    render: (_, row) => formatCents(row.value),
    exportValue: (row) => centsToText(row.value),
  },
  {
    title: 'État',
    dataIndex: 'state',
    width: 120,
    filterable: false,
    render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{STOCK_STATES[row.state]}</Tag>,
    exportValue: (row) => STOCK_STATES[row.state],
  },
];
const STATE_INDEX = columns.findIndex((column) => column.dataIndex === 'state');
const TABS: StatusTab[] = [
  { key: 'all', label: 'TOUT', value: '' },
  { key: 'ok', label: STOCK_STATES.ok },
  { key: 'low', label: STOCK_STATES.low },
  { key: 'out', label: STOCK_STATES.out },
];

/** /stock/list: the selected garage's stock, low stock flagged, movements and history per product. */
export function StockListPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const [moving, setMoving] = useState<StockRow>();
  const [history, setHistory] = useState<StockRow>();
  const invalidate = useInvalidate();

  return (
    <>
      <PageHeader title="Stocks" subtitle="Quantités, seuils d’alerte et valeur au prix moyen pondéré" />
      {companyId === 0 ? (
        <GaragePicker message={STOCK_PICK_GARAGE} />
      ) : (
        <ServerTable
          key={companyId}
          tableKey="stock"
          columns={columns}
          fetcher={stockFetcher}
          searchPlaceholder="Rechercher un produit"
          defaultSort={{ field: 'name', dir: 'asc' }}
          statusTabs={TABS}
          statusColumnIndex={STATE_INDEX}
          defaultErrorMessage={STOCK_LIST_ERROR}
          actionsTitle="Actions"
          actionsWidth={210}
          actions={(row) => (
            <Space>
              <Button size="small" onClick={() => setMoving(row)} aria-label={`Mouvement de stock : ${row.name}`}>
                Mouvement
              </Button>
              <Button size="small" type="link" onClick={() => setHistory(row)} aria-label={`Historique : ${row.name}`}>
                Historique
              </Button>
            </Space>
          )}
          exports={{ csvName: 'stock.csv', excelName: 'stock.xlsx', printName: 'stock' }}
        />
      )}
      {moving ? (
        <StockMovementModal
          row={moving}
          onClose={() => setMoving(undefined)}
          onSaved={() => {
            setMoving(undefined);
            // The list (keeping its search, tab and page) and the product's movements are read again.
            void invalidate('api/stock');
          }}
        />
      ) : null}
      {history ? <StockHistoryDrawer row={history} onClose={() => setHistory(undefined)} /> : null}
    </>
  );
}
