import { Alert, Button, Descriptions, Modal, Skeleton, Table, Typography } from 'antd';
import type { ReceivedInvoiceView } from 'contracts';
import { formatCents, formatDate, useApiQuery } from 'shared-ui';
import { receivedInvoice, receivedPath } from '../api/received';
import { ReceivedStatusPanel } from './ReceivedStatusPanel';

type Line = ReceivedInvoiceView['lines'][number];
type Tax = ReceivedInvoiceView['taxes'][number];
const percent = (rate: string) => `${Number(rate).toLocaleString('fr-FR')} %`;

function ReceivedDetails({ invoice }: { invoice: ReceivedInvoiceView }) {
  return (
    <>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="Fournisseur">
          {invoice.supplier.name} (SIREN {invoice.supplier.siren})
        </Descriptions.Item>
        <Descriptions.Item label="Reçue">
          {invoice.syntax}, {invoice.source === 'platform' ? 'par la plateforme agréée' : 'importée à la main'}
        </Descriptions.Item>
        <Descriptions.Item label="Date">{formatDate(invoice.issueDate)}</Descriptions.Item>
        <Descriptions.Item label="Échéance">{invoice.dueDate ? formatDate(invoice.dueDate) : '—'}</Descriptions.Item>
      </Descriptions>
      <Table<Line>
        size="small"
        rowKey="id"
        pagination={false}
        style={{ marginTop: 16 }}
        dataSource={invoice.lines}
        columns={[
          { title: 'Désignation', dataIndex: 'name' },
          { title: 'Qté', dataIndex: 'quantity', align: 'right', width: 70 },
          {
            title: 'PU HT',
            dataIndex: 'netPrice',
            align: 'right',
            width: 100,
            render: (value: string) => `${value} €`,
          },
          { title: 'TVA', dataIndex: 'vatRate', align: 'right', width: 80, render: percent },
          { title: 'Total HT', dataIndex: 'total', align: 'right', width: 110, render: formatCents },
        ]}
      />
      <Table<Tax>
        size="small"
        rowKey="rate"
        pagination={false}
        style={{ marginTop: 16 }}
        dataSource={invoice.taxes}
        columns={[
          { title: 'Taux de TVA', dataIndex: 'rate', render: percent },
          { title: 'Base HT', dataIndex: 'base', align: 'right', render: formatCents },
          { title: 'TVA', dataIndex: 'tax', align: 'right', render: formatCents },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>Total TTC</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {formatCents(invoice.preTaxAmount)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <Typography.Text strong>{formatCents(invoice.totalAmount)}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </>
  );
}

/** A supplier's e-invoice booked as an expense: what it said, and the garage's answer to the supplier. */
export function ReceivedInvoiceModal({ expenseId, onClose }: { expenseId: number; onClose: () => void }) {
  const invoice = useApiQuery(receivedPath(expenseId), () => receivedInvoice(expenseId));
  const title = invoice.data
    ? `${invoice.data.typeCode === '381' ? 'Avoir' : 'Facture'} reçue n° ${invoice.data.number}`
    : 'Facture reçue';
  return (
    <Modal open title={title} width={860} onCancel={onClose} footer={<Button onClick={onClose}>Fermer</Button>}>
      {invoice.isError ? (
        <Alert
          type="error"
          showIcon
          message="Impossible de charger la facture reçue."
          action={<Button onClick={() => void invoice.refetch()}>Réessayer</Button>}
        />
      ) : !invoice.data ? (
        <Skeleton active />
      ) : (
        <>
          <ReceivedDetails invoice={invoice.data} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Réponse au fournisseur
          </Typography.Title>
          <ReceivedStatusPanel invoice={invoice.data} />
        </>
      )}
    </Modal>
  );
}
