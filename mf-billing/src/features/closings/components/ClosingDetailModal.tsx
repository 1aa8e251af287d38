import { Descriptions, Modal, Table, Typography } from 'antd';
import { CLOSING_KIND_LABELS, type ClosingRow, closingPeriodLabel, percentLabel } from 'contracts';
import { formatCents, formatDateTime } from 'shared-ui';
import { receiptsSummary, salesOf } from './closing-summaries';

interface VatRow {
  rate: number;
  base: number;
  tax: number;
}

const vatColumns = [
  { title: 'Taux', dataIndex: 'rate', render: (rate: number) => percentLabel(rate) },
  { title: 'Base HT', dataIndex: 'base', align: 'right' as const, render: (cents: number) => formatCents(cents) },
  { title: 'TVA', dataIndex: 'tax', align: 'right' as const, render: (cents: number) => formatCents(cents) },
];

/** A closing's totals in full: sales by kind, VAT per rate, receipts per method, the grand totals and its link. */
export function ClosingDetailModal({ closing, onClose }: { closing: ClosingRow; onClose: () => void }) {
  const { totals } = closing;
  const vat: VatRow[] = Object.entries(totals.vat)
    .map(([rate, amounts]) => ({ rate: Number(rate), ...amounts }))
    .sort((a, b) => b.rate - a.rate);
  return (
    <Modal
      open
      title={`Clôture ${CLOSING_KIND_LABELS[closing.kind].toLowerCase()} — ${closingPeriodLabel(closing.kind, closing.periodStart, closing.periodEnd)}`}
      onCancel={onClose}
      footer={null}
      width={640}
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Garage">{closing.garage}</Descriptions.Item>
        <Descriptions.Item label="Enregistrements">{totals.records}</Descriptions.Item>
        <Descriptions.Item label="Factures">
          {totals.invoices.count} pour {formatCents(totals.invoices.total)} TTC
        </Descriptions.Item>
        <Descriptions.Item label="Avoirs">
          {totals.creditNotes.count} pour {formatCents(totals.creditNotes.total)} TTC
        </Descriptions.Item>
        <Descriptions.Item label="Ventes TTC de la période">{formatCents(salesOf(closing))}</Descriptions.Item>
        <Descriptions.Item label="Encaissements de la période">{receiptsSummary(totals.receipts)}</Descriptions.Item>
        <Descriptions.Item label="Grand total perpétuel des ventes TTC">
          {formatCents(totals.grand.salesTotal)}
        </Descriptions.Item>
        <Descriptions.Item label="Grand total perpétuel des encaissements">
          {receiptsSummary(totals.grand.receipts)}
        </Descriptions.Item>
        <Descriptions.Item label="Clôturée le">{formatDateTime(closing.closedAt)}</Descriptions.Item>
        <Descriptions.Item label={`Maillon n° ${closing.seq}`}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {closing.hash}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        TVA par taux
      </Typography.Title>
      <Table<VatRow>
        rowKey="rate"
        size="small"
        columns={vatColumns}
        dataSource={vat}
        pagination={false}
        locale={{ emptyText: 'Aucune vente sur la période' }}
      />
    </Modal>
  );
}
