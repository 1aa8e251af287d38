import { Descriptions, Modal, Table } from 'antd';
import { EREPORT_CATEGORIES, EREPORT_KIND_LABELS, type EreportTransmission, percentLabel } from 'contracts';
import { formatCents } from 'shared-ui';

type Line = EreportTransmission['lines'][number];

const categoryLabel = (code: string) => EREPORT_CATEGORIES[code as keyof typeof EREPORT_CATEGORIES] ?? code;

/** One transmission's lines: per day, category and VAT rate, what it told the administration. */
export function EreportDetailModal({
  transmission,
  onClose,
}: {
  transmission: EreportTransmission | undefined;
  onClose: () => void;
}) {
  const sales = transmission?.kind === 'transactions';
  return (
    <Modal
      open={transmission !== undefined}
      title={transmission ? `${EREPORT_KIND_LABELS[transmission.kind]} — ${transmission.periodLabel}` : ''}
      onCancel={onClose}
      footer={null}
      width={760}
    >
      {transmission && (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="Statut">{transmission.statusLabel}</Descriptions.Item>
            <Descriptions.Item label={sales ? 'Documents' : 'Paiements'}>{transmission.count}</Descriptions.Item>
            <Descriptions.Item label={sales ? 'Total HT' : 'Encaissé TTC'}>
              {formatCents(transmission.amount)}
            </Descriptions.Item>
            <Descriptions.Item label="TVA">{formatCents(transmission.tax)}</Descriptions.Item>
            {transmission.reason && (
              <Descriptions.Item label="Motif" span={2}>
                {transmission.reason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Table<Line>
            size="small"
            rowKey={(line) => `${line.day}-${line.category}-${line.rate}`}
            dataSource={transmission.lines}
            pagination={transmission.lines.length > 20 ? { pageSize: 20 } : false}
            locale={{ emptyText: 'Rien à déclarer sur la période : la transmission le dit' }}
            columns={[
              // An ISO day read as it is: no time zone moves it.
              { title: 'Jour', dataIndex: 'day', render: (day: string) => day.split('-').reverse().join('/') },
              { title: 'Catégorie', dataIndex: 'category', render: categoryLabel },
              { title: 'Taux', dataIndex: 'rate', align: 'right', render: (rate: number) => percentLabel(rate) },
              {
                title: sales ? 'Base HT' : 'Encaissé TTC',
                dataIndex: 'amount',
                align: 'right',
                render: (cents: number) => formatCents(cents),
              },
              { title: 'TVA', dataIndex: 'tax', align: 'right', render: (cents: number) => formatCents(cents) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
