import { Tag } from 'antd';
import Table from 'antd/es/table';
import type { NetworkCentre } from 'contracts';
import { formatCents, formatNumber } from 'shared-ui';

const sum = (centres: NetworkCentre[], key: 'folders' | 'closed' | 'revenue' | 'unitsUsed' | 'unitBalance') =>
  centres.reduce((total, centre) => total + centre[key], 0);
const byNumber = (key: 'folders' | 'closed' | 'revenue' | 'unitsUsed' | 'unitBalance') => ({
  sorter: (a: NetworkCentre, b: NetworkCentre) => a[key] - b[key],
  align: 'right' as const,
});

/** The centres side by side: a few dozen rows the franchisor sorts on any figure, with the network's totals. */
export function CentreFigures({ centres }: { centres: NetworkCentre[] }) {
  return (
    <Table<NetworkCentre>
      rowKey="companyId"
      size="small"
      pagination={false}
      dataSource={centres}
      scroll={{ x: 720 }}
      columns={[
        {
          title: 'Centre',
          dataIndex: 'name',
          sorter: (a, b) => a.name.localeCompare(b.name, 'fr'),
          render: (name: string, centre) => (
            <>
              {name} {centre.franchisor ? <Tag color="blue">Franchiseur</Tag> : null}
            </>
          ),
        },
        { title: 'Dossiers', dataIndex: 'folders', ...byNumber('folders'), render: formatNumber },
        { title: 'Clôturés', dataIndex: 'closed', ...byNumber('closed'), render: formatNumber },
        {
          title: 'Chiffre d’affaires HT',
          dataIndex: 'revenue',
          ...byNumber('revenue'),
          defaultSortOrder: 'descend',
          render: formatCents,
        },
        { title: 'Unités consommées', dataIndex: 'unitsUsed', ...byNumber('unitsUsed'), render: formatNumber },
        { title: 'Solde d’unités', dataIndex: 'unitBalance', ...byNumber('unitBalance'), render: formatNumber },
      ]}
      summary={(rows) => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>
            <strong>Réseau ({rows.length} garages)</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {formatNumber(sum([...rows], 'folders'))}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {formatNumber(sum([...rows], 'closed'))}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {formatCents(sum([...rows], 'revenue'))}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            {formatNumber(sum([...rows], 'unitsUsed'))}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} align="right">
            {formatNumber(sum([...rows], 'unitBalance'))}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
