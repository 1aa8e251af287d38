import { Card, Col, Empty, List, Row, Table, Tag, Typography } from 'antd';
import {
  customerPath,
  DOCUMENT_TYPE_LABELS,
  documentStatusLabel,
  formatPlate,
  type HistoryDocument,
  type HistoryFolder,
  type HistoryPayment,
  type HistoryPhoto,
  PAYMENT_METHOD_LABELS,
  vehiclePath,
} from 'contracts';
import { Link } from 'react-router-dom';
import { formatCents, formatDate, formatDateTime } from 'shared-ui';
import { documentUrl } from '../../../api/folder-documents';
import { StatusTag } from '../../../lib/status-tag';

export interface Past {
  folders: HistoryFolder[];
  documents: HistoryDocument[];
  payments: HistoryPayment[];
  photos: HistoryPhoto[];
}

const numberOf = (folders: HistoryFolder[]) => new Map(folders.map((folder) => [folder.id, folder.number]));

/**
 * A customer's or a vehicle's past, the same on both pages: folders (each to its folder, its customer and its
 * vehicle), appointments, quotes, invoices and credit notes with what was paid, payments, photos.
 */
export function PastSections({ past, show }: { past: Past; show: 'customer' | 'vehicle' }) {
  const folderNumber = numberOf(past.folders);
  const appointments = past.folders
    .filter((folder) => folder.appointmentAt)
    .sort((a, b) => (b.appointmentAt ?? '').localeCompare(a.appointmentAt ?? ''));
  const folderLink = (folderId: number) => (
    <Link to={`/folder/show/${folderId}`}>{folderNumber.get(folderId) ?? folderId}</Link>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card title={`Dossiers (${past.folders.length})`} size="small">
          <Table<HistoryFolder>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={past.folders}
            locale={{ emptyText: 'Aucun dossier' }}
            columns={[
              { title: 'Dossier', key: 'number', render: (_, folder) => folderLink(folder.id) },
              { title: 'Ouvert le', key: 'createdAt', render: (_, folder) => formatDate(folder.createdAt) },
              show === 'customer'
                ? {
                    title: 'Véhicule',
                    key: 'vehicle',
                    render: (_, folder) => (
                      <Link to={vehiclePath(folder.plate)}>
                        {formatPlate(folder.plate)} {folder.vehicle}
                      </Link>
                    ),
                  }
                : {
                    title: 'Client',
                    key: 'customer',
                    render: (_, folder) => <Link to={customerPath(folder.id)}>{folder.customer}</Link>,
                  },
              { title: 'Garage', dataIndex: 'garage', key: 'garage' },
              {
                title: 'Statut',
                key: 'status',
                render: (_, folder) => <StatusTag label={folder.status.label} color={folder.status.color} />,
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={`Devis, factures et avoirs (${past.documents.length})`} size="small">
          <Table<HistoryDocument>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={past.documents}
            locale={{ emptyText: 'Aucun document' }}
            columns={[
              {
                title: 'Document',
                key: 'number',
                render: (_, document) => (
                  <Link to={`/quotation/show/${document.id}`}>
                    {DOCUMENT_TYPE_LABELS[document.type]} {document.number ?? '(brouillon)'}
                  </Link>
                ),
              },
              { title: 'Dossier', key: 'folder', render: (_, document) => folderLink(document.folderId) },
              {
                title: 'Date',
                key: 'date',
                render: (_, document) => formatDate(document.issuedAt ?? document.createdAt),
              },
              {
                title: 'Total TTC',
                key: 'total',
                align: 'right',
                render: (_, document) => formatCents(document.totalAmount),
              },
              {
                title: 'État',
                key: 'status',
                render: (_, document) => <Tag>{documentStatusLabel(document.type, document.status)}</Tag>,
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={`Règlements (${past.payments.length})`} size="small">
          <List
            size="small"
            dataSource={past.payments}
            locale={{ emptyText: 'Aucun règlement' }}
            renderItem={(payment) => (
              <List.Item>
                <Typography.Text>
                  {formatDate(payment.paidOn)} · {formatCents(payment.amount)} · {PAYMENT_METHOD_LABELS[payment.method]}{' '}
                  · <Link to={`/quotation/show/${payment.invoiceId}`}>{payment.invoiceNumber ?? 'facture'}</Link>
                </Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={`Rendez-vous (${appointments.length})`} size="small">
          <List
            size="small"
            dataSource={appointments}
            locale={{ emptyText: 'Aucun rendez-vous' }}
            renderItem={(folder) => (
              <List.Item>
                <Typography.Text>
                  {formatDateTime(folder.appointmentAt ?? '')} · {folderLink(folder.id)} · {formatPlate(folder.plate)}
                </Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={`Photos (${past.photos.length})`} size="small">
          {past.photos.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Aucune photo" />
          ) : (
            <List
              size="small"
              dataSource={past.photos}
              renderItem={(photo) => (
                <List.Item>
                  <a href={documentUrl(photo.folderId, photo.id)} target="_blank" rel="noreferrer">
                    {photo.name}
                  </a>
                  <Typography.Text type="secondary">
                    {formatDate(photo.createdAt)} · dossier {folderNumber.get(photo.folderId) ?? photo.folderId}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
