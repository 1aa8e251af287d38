import { Drawer, List, Skeleton, Typography } from 'antd';
import { STOCK_MOVEMENT_LABELS, type StockRow } from 'contracts';
import { formatCents, formatDateTime, useApiQuery } from 'shared-ui';
import { getMovements } from '../api/stock';

/** Every movement of a product in this garage, newest first, with the quantity it left. */
export function StockHistoryDrawer({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const { data } = useApiQuery(`api/stock/${row.id}/movements`, () => getMovements(row.id));
  return (
    <Drawer open title={`Mouvements : ${row.name}`} width={520} onClose={onClose}>
      {!data ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={data}
          locale={{ emptyText: 'Aucun mouvement' }}
          renderItem={(movement) => (
            <List.Item data-testid="stock-movement">
              <List.Item.Meta
                title={`${movement.quantity > 0 ? '+' : ''}${movement.quantity} · ${STOCK_MOVEMENT_LABELS[movement.kind]}`}
                description={
                  <Typography.Text type="secondary">
                    {[
                      `reste ${movement.quantityAfter}`,
                      movement.unitCost !== null ? `${formatCents(movement.unitCost)} HT l’unité` : null,
                      movement.reference || null,
                      movement.reason || null,
                      `${formatDateTime(movement.createdAt)} · ${movement.user}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
