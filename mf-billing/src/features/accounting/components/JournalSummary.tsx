import { Card, Descriptions, Flex, Typography } from 'antd';
// By path: the table is a shared module of its own, downloaded only by the pages that show one.
import Table from 'antd/es/table';
import { type AccountingSummary, type JournalTotals, percentLabel } from 'contracts';
import { formatCents, formatNumber } from 'shared-ui';

const columns = [
  {
    title: 'Journal',
    dataIndex: 'code',
    render: (_: unknown, row: JournalTotals) => `${row.label} (${row.code})`,
  },
  { title: 'Écritures', dataIndex: 'entries', align: 'right' as const, render: (count: number) => formatNumber(count) },
  { title: 'Débit', dataIndex: 'debit', align: 'right' as const, render: (cents: number) => formatCents(cents) },
  { title: 'Crédit', dataIndex: 'credit', align: 'right' as const, render: (cents: number) => formatCents(cents) },
  {
    title: 'Équilibre',
    key: 'balance',
    render: (_: unknown, row: JournalTotals) =>
      row.debit === row.credit ? (
        <Typography.Text type="success">Équilibré</Typography.Text>
      ) : (
        <Typography.Text type="danger">Écart de {formatCents(row.debit - row.credit)}</Typography.Text>
      ),
  },
];

/** Each journal's entries and totals over the period, and the VAT the sales collected per rate. */
export function JournalSummary({ summary }: { summary: AccountingSummary }) {
  return (
    <Flex gap={16} wrap align="start">
      <Card title="Journaux de la période" size="small" style={{ flex: '2 1 480px' }}>
        <Table<JournalTotals>
          rowKey="code"
          columns={columns}
          dataSource={summary.journals}
          pagination={false}
          size="small"
        />
      </Card>
      <Card title="TVA de la période" size="small" style={{ flex: '1 1 280px' }}>
        <Descriptions size="small" column={1}>
          {summary.vat.map((entry) => (
            <Descriptions.Item key={entry.rate} label={`Collectée ${percentLabel(entry.rate)}`}>
              {formatCents(entry.tax)} sur {formatCents(entry.base)} HT
            </Descriptions.Item>
          ))}
          {summary.vat.length === 0 ? (
            <Descriptions.Item label="Collectée">Aucune vente dans la période</Descriptions.Item>
          ) : null}
          <Descriptions.Item label="Déductible (dépenses)">{formatCents(summary.deductibleVat)}</Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">Factures moins avoirs, par date d’émission.</Typography.Text>
      </Card>
    </Flex>
  );
}
