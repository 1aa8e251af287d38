import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { FOLDER_NOT_FOUND_MESSAGE, fitterStepLabel, formatParisDateTime } from 'contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  ApiError,
  ErrorState,
  PageHeader,
  SafeHtml,
  StatusPanel,
  useApiQuery,
  useFeedback,
  useSession,
} from 'shared-ui';
import { DeliveryReportCard } from '../../../components/papers/DeliveryReportCard';
import { StatusTag } from '../../../lib/status-tag';
import { getTask, revealAddress, revealPhone } from '../api/fitter-tasks';
import { stepProgress } from '../hooks/step-progress';
import { type NewEntry, pendingSignatureOf, type Rejection } from '../hooks/step-queue';
import { cachedTask, isUnreachable, savedDay, saveTask } from '../hooks/task-cache';
import { useRefreshOnSent } from '../hooks/use-refresh-on-sent';
import { isOnline, useStepQueue } from '../hooks/use-step-queue';
import { formatTime } from './format';
import { StepAction } from './StepAction';
import { StepList } from './StepList';
import { SyncBanner } from './SyncBanner';

const PAGE_STYLE = { maxWidth: 640, margin: '0 auto' } as const;
const BACK = { title: 'Mes interventions du jour', href: '/calendar/tasks' };

/** The customer's street address, revealed on demand through the logged contact call (never with the task). */
function AddressButton({ folderId }: { folderId: number }) {
  const feedback = useFeedback();
  const [address, setAddress] = useState<string | null>();
  const [loading, setLoading] = useState(false);
  if (address) {
    return (
      <Flex vertical gap={4}>
        <Typography.Text copyable>{address}</Typography.Text>
        <a
          href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Itinéraire
        </a>
      </Flex>
    );
  }
  const reveal = async () => {
    setLoading(true);
    try {
      setAddress((await revealAddress(folderId)) ?? null);
    } catch (error) {
      feedback.error(error, 'L’adresse n’a pas pu être affichée');
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<EnvironmentOutlined />} loading={loading} onClick={() => void reveal()} style={{ minHeight: 44 }}>
      {address === null ? 'Aucune adresse' : 'Voir l’adresse'}
    </Button>
  );
}

/** The customer's phone, revealed through the logged contact call, then one tap to call. */
function CallButton({ folderId }: { folderId: number }) {
  const feedback = useFeedback();
  const [phone, setPhone] = useState<string | null>();
  const [loading, setLoading] = useState(false);
  if (phone) {
    return (
      <Button
        type="primary"
        icon={<PhoneOutlined />}
        href={`tel:${phone.replace(/[^\d+]/g, '')}`}
        style={{ minHeight: 44 }}
      >
        {`Appeler le ${phone}`}
      </Button>
    );
  }
  const reveal = async () => {
    setLoading(true);
    try {
      setPhone((await revealPhone(folderId)) ?? null);
    } catch (error) {
      feedback.error(error, 'Le numéro n’a pas pu être affiché (réseau nécessaire)');
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<PhoneOutlined />} loading={loading} onClick={() => void reveal()} style={{ minHeight: 44 }}>
      {phone === null ? 'Aucun numéro' : 'Appeler le client'}
    </Button>
  );
}

const rejectedWhat = (item: Rejection, repairKind: string | null | undefined) =>
  item.what === 'signature'
    ? 'Signature du procès-verbal de livraison refusée'
    : `Étape « ${fitterStepLabel(item.what, repairKind)} » refusée`;

/**
 * The customer takes the vehicle back and signs on the fitter's phone. The signature joins the queue after the
 * steps (it leaves once the network is back, dated when the customer signed); the server makes the signed PDF.
 */
function DeliverySignature({
  folderId,
  signerName,
  signedAt,
  pendingAt,
  onSign,
}: {
  folderId: number;
  signerName: string;
  signedAt: string | null;
  pendingAt: string | undefined;
  onSign: (entry: NewEntry) => Promise<void>;
}) {
  if (pendingAt || signedAt) {
    return (
      <Alert
        type={pendingAt ? 'info' : 'success'}
        showIcon
        data-testid="fitter-delivery-signed"
        message={
          pendingAt
            ? `Procès-verbal signé le ${formatParisDateTime(new Date(pendingAt))} : en attente d’envoi`
            : `Procès-verbal de livraison signé le ${formatParisDateTime(new Date(signedAt ?? 0))}`
        }
      />
    );
  }
  return (
    <DeliveryReportCard
      folderId={folderId}
      signerName={signerName}
      signedMessage="Signature enregistrée : elle part avec vos étapes"
      sign={(body) => onSign({ kind: 'signature', folderId, body })}
      onSigned={() => undefined}
    />
  );
}

/** The task from the server, remembered for offline; offline (or the server unreachable), as the phone saved it. */
async function loadTask(folderId: number, owner: string) {
  const saved = async (error?: unknown) => {
    const task =
      cachedTask(folderId) ?? (await savedDay(owner))?.answer.tasks.find((item) => item.folderId === folderId);
    if (!task) throw error ?? new ApiError(0, undefined);
    return task;
  };
  if (!isOnline()) return saved();
  try {
    const task = await getTask(folderId);
    await saveTask(owner, task);
    return task;
  } catch (error) {
    if (isUnreachable(error)) return saved(error);
    throw error;
  }
}

/** /calendar/task/{folderId}: the seven steps of one folder, done one after the other, online or not. */
export function FitterTaskPage() {
  const folderId = Number(useParams().folderId);
  const valid = Number.isInteger(folderId) && folderId > 0;
  const owner = useSession((state) => state.claims?.email ?? '');
  // Read offline too (`always`): the loader answers from the phone then.
  const { data, error, refetch } = useApiQuery(
    valid ? `api/fitter/folders/${folderId}` : null,
    () => loadTask(folderId, owner),
    { networkMode: 'always' },
  );
  const { state, add, dismiss } = useStepQueue();
  const feedback = useFeedback();
  // A step recorded: the task is read again.
  useRefreshOnSent(state.sent);

  // Offline, the task read from the day's list (this tab) stands in for the server's answer.
  const task = data ?? (valid ? cachedTask(folderId) : undefined);

  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return (
      <StatusPanel
        status="warning"
        level={1}
        title={FOLDER_NOT_FOUND_MESSAGE}
        extra={<Link to={BACK.href}>Retour à mes interventions</Link>}
      />
    );
  }

  const onDone = async (step: NewEntry) => {
    try {
      await add(step);
    } catch (failure) {
      feedback.error(failure, 'L’étape n’a pas pu être enregistrée sur ce téléphone');
    }
  };
  const rejected = state.rejected.filter((item) => item.folderId === folderId);
  const views = task ? stepProgress(task, state) : [];
  const finished = views.length > 0 && views.every((view) => view.status === 'done' || view.status === 'pending');

  return (
    <div style={PAGE_STYLE}>
      <PageHeader
        title="Intervention"
        subtitle={task ? `${task.plate}${task.vehicle ? ` · ${task.vehicle}` : ''}` : undefined}
        breadcrumb={[BACK, { title: task?.plate ?? 'Intervention' }]}
      />
      <SyncBanner state={state} />
      {rejected.map((item) => (
        <Alert
          key={item.key}
          type="error"
          showIcon
          closable
          onClose={() => dismiss(item.key)}
          style={{ marginBottom: 12 }}
          message={rejectedWhat(item, task?.repairKind)}
          description={item.message}
        />
      ))}
      {!task ? (
        error ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )
      ) : (
        <Flex vertical gap={12}>
          <Card size="small">
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text strong style={{ fontSize: 18 }}>
                {task.appointmentAt ? `Rendez-vous à ${formatTime(task.appointmentAt)}` : 'Sans rendez-vous'}
              </Typography.Text>
              <StatusTag label={task.status.label} color={task.status.color} />
            </Flex>
            <Typography.Paragraph style={{ margin: '8px 0' }}>
              {task.customer}
              {task.city ? ` — ${[task.postalCode, task.city].filter(Boolean).join(' ')}` : ''}
              <br />
              <Typography.Text type="secondary">{`Dossier ${task.number}`}</Typography.Text>
            </Typography.Paragraph>
            {task.appointmentComment ? <SafeHtml html={task.appointmentComment} /> : null}
            <Flex gap={8} wrap>
              {task.hasPhone ? <CallButton folderId={task.folderId} /> : null}
              {task.hasAddress ? <AddressButton folderId={task.folderId} /> : null}
            </Flex>
          </Card>
          {finished ? (
            <StatusPanel
              status="success"
              title="Intervention terminée"
              description="Les sept étapes sont faites. Merci !"
              extra={<Link to={BACK.href}>Retour à mes interventions</Link>}
            />
          ) : null}
          {finished ? (
            <DeliverySignature
              folderId={task.folderId}
              signerName={task.customer}
              signedAt={task.deliverySignedAt}
              pendingAt={pendingSignatureOf(state, task.folderId)?.doneAt}
              onSign={onDone}
            />
          ) : null}
          <StepList
            views={views}
            action={(view) => <StepAction view={view} folderId={task.folderId} onDone={onDone} />}
          />
        </Flex>
      )}
    </div>
  );
}
