import { Button, Card, Col, Row, Skeleton, Space, Tag } from 'antd';
import {
  customerPath,
  FOLDER_NOT_FOUND_MESSAGE,
  FOLDER_NOTE_KINDS,
  FOLDER_NOTE_LABELS,
  type FolderNoteKind,
  folderApiPaths,
  vehiclePath,
} from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  ApiError,
  ErrorState,
  formatDate,
  NotFoundPanel,
  PageHeader,
  useApiQuery,
  useCan,
  useInvalidate,
} from 'shared-ui';
import { DeliveryReportCard } from '../../../components/papers/DeliveryReportCard';
import { StatusTag } from '../../../lib/status-tag';
import { getFolderPage } from '../api/get-folder';
import { AppointmentCard } from './AppointmentCard';
import { BillingBlock } from './BillingBlock';
import { CessionCard } from './CessionCard';
import { ContactButtons } from './ContactButtons';
import { DocumentsCard } from './DocumentsCard';
import { FolderHistory } from './FolderHistory';
import { FolderSmsCard } from './FolderSmsCard';
import { FolderSummary } from './FolderSummary';
import { SendButton } from './SendButton';
import { StatusSelect } from './StatusSelect';
import { WorkOrderCard } from './WorkOrderCard';

/**
 * The closing form and the edit drawer (the folder form's fields, the closing answers) come with their own chunk,
 * on the first click: a folder is read far more often than it is edited or closed.
 */
const ClosingModal = lazy(() => import('./ClosingModal').then((module) => ({ default: module.ClosingModal })));
// The note and reopening dialogs load when opened: the page itself stays within its budget.
const NoteModal = lazy(() => import('./NoteModal').then((module) => ({ default: module.NoteModal })));
const ReopenModal = lazy(() => import('./ReopenModal').then((module) => ({ default: module.ReopenModal })));
const EditFolderDrawer = lazy(() =>
  import('./EditFolderDrawer').then((module) => ({ default: module.EditFolderDrawer })),
);

/** The vehicle lookup comes with its own chunk (see routes.tsx), fetched once the folder page is drawn. */
const SidexaButton = lazy(() =>
  import('../../sidexa/components/SidexaButton').then((module) => ({ default: module.SidexaButton })),
);

type FolderModal = FolderNoteKind | 'close' | 'reopen';

/** /folder/show/{id}: the folder at a glance, its status, the customer's contact on demand, its history. */
export function FolderDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, refetch } = useApiQuery(valid ? `api/folder/show/${id}` : null, () => getFolderPage(id));
  const invalidate = useInvalidate();
  const [modal, setModal] = useState<FolderModal>();
  const [editing, setEditing] = useState(false);
  const mayEdit = useCan('folderEdit');
  const maySidexa = useCan('sidexa');

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <NotFoundPanel title={FOLDER_NOT_FOUND_MESSAGE} backTo="/folder/list/all" backLabel="Retour aux dossiers" />;
  }
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active paragraph={{ rows: 10 }} />;

  const { folder, history, statuses } = data;
  // One way to say "this folder changed", whoever changed it (this page, billing's block): its reads are read again,
  // the page, its documents (a signed paper joins them) and billing's block alike.
  const refresh = () => void invalidate(...folderApiPaths(folder.id));
  const documentSigned = refresh;
  return (
    <>
      <PageHeader
        title={`Dossier ${folder.number} · ${folder.plate}`}
        subtitle={`${folder.lastName} ${folder.firstName}`.trim()}
        breadcrumb={[{ title: 'Gestion clients', href: '/folder/list/all' }, { title: folder.number }]}
        extra={
          <Space wrap>
            <StatusTag label={folder.status.label} color={folder.status.color} />
            <Link to={customerPath(folder.id)}>Fiche client</Link>
            <Link to={vehiclePath(folder.plate)}>Fiche véhicule</Link>
            {folder.closedAt ? (
              <Tag>Clôturé le {formatDate(folder.closedAt)}</Tag>
            ) : (
              <StatusSelect folder={folder} statuses={statuses} onChanged={refresh} />
            )}
            {mayEdit ? <Button onClick={() => setEditing(true)}>Modifier</Button> : null}
            {mayEdit ? <SendButton folder={folder} onSent={refresh} /> : null}
            {maySidexa ? (
              <Suspense fallback={<Button disabled>Devis Sidexa</Button>}>
                <SidexaButton folder={{ id: folder.id, companyId: folder.companyId }} />
              </Suspense>
            ) : null}
            {folder.closedAt ? (
              <Button onClick={() => setModal('reopen')}>Rouvrir le dossier</Button>
            ) : (
              <Button type="primary" onClick={() => setModal('close')}>
                Clôturer le dossier
              </Button>
            )}
          </Space>
        }
      />
      {/* Two columns from 1200 px: what is read and done (folder, quotes and invoices, SMS, history) on the left,
          what is signed or filed (contact, appointment, papers, documents) on the right; each column stacks its cards,
          so neither leaves a hole beside the other and the quotes come just under the folder. */}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <FolderSummary folder={folder} />
            <BillingBlock folderId={folder.id} companyId={folder.companyId} />
            <FolderSmsCard folderId={folder.id} mayWrite={mayEdit} onSent={refresh} />
            <Card
              title="Historique"
              size="small"
              extra={
                <Space wrap>
                  {FOLDER_NOTE_KINDS.map((kind) => (
                    <Button key={kind} onClick={() => setModal(kind)}>
                      {FOLDER_NOTE_LABELS[kind]}
                    </Button>
                  ))}
                </Space>
              }
            >
              <FolderHistory history={history} />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Coordonnées du client" size="small">
              <ContactButtons folder={folder} onRevealed={refresh} />
            </Card>
            <AppointmentCard key={folder.appointmentAt ?? 'none'} folder={folder} onSaved={refresh} />
            <CessionCard folder={folder} onSigned={documentSigned} />
            <WorkOrderCard folder={folder} onSigned={documentSigned} />
            <DeliveryReportCard
              folderId={folder.id}
              signerName={[folder.firstName, folder.lastName].filter(Boolean).join(' ')}
              onSigned={documentSigned}
            />
            <DocumentsCard folderId={folder.id} onChanged={refresh} />
          </Space>
        </Col>
      </Row>
      {modal && modal !== 'close' && modal !== 'reopen' ? (
        <Suspense fallback={null}>
          <NoteModal folderId={folder.id} kind={modal} onClose={() => setModal(undefined)} onSaved={refresh} />
        </Suspense>
      ) : null}
      {modal === 'close' ? (
        <Suspense fallback={null}>
          <ClosingModal folderId={folder.id} open onClose={() => setModal(undefined)} onSaved={refresh} />
        </Suspense>
      ) : null}
      {modal === 'reopen' ? (
        <Suspense fallback={null}>
          <ReopenModal folderId={folder.id} open onClose={() => setModal(undefined)} onSaved={refresh} />
        </Suspense>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <EditFolderDrawer folder={folder} open onClose={() => setEditing(false)} onSaved={refresh} />
        </Suspense>
      ) : null}
    </>
  );
}
