import { Alert, Button, Card, List, Skeleton, Space, Tag, Typography } from 'antd';
import { type FolderSms, SMS_PURPOSE_LABELS, SMS_STATUS_LABELS, type SmsStatus } from 'contracts';
import { lazy, Suspense, useState } from 'react';
import { ErrorState, formatDateTime, useApiQuery } from 'shared-ui';
import { getFolderSms } from '../api/folder-sms';

// The writing modal (form, counter) comes with its own chunk, on the first « Envoyer un SMS »: the folder page's cold
// visit stays in its byte budget.
const SendSmsModal = lazy(() => import('./SendSmsModal').then((module) => ({ default: module.SendSmsModal })));

const STATUS_COLORS: Record<SmsStatus, string> = {
  scheduled: 'blue',
  pending: 'gold',
  sent: 'green',
  retrying: 'red',
  failed: 'red',
  no_server: 'orange',
  opted_out: 'default',
  invalid_number: 'default',
  cancelled: 'default',
};

function when(sms: FolderSms) {
  if (sms.status === 'sent' && sms.sentAt) return `envoyé le ${formatDateTime(sms.sentAt)}`;
  if (sms.status === 'scheduled' && sms.dueAt) return `part le ${formatDateTime(sms.dueAt)}`;
  return `écrit le ${formatDateTime(sms.createdAt)}`;
}

/**
 * The folder's SMS: the confirmation and reminder of its appointment, « véhicule prêt », those written by
 * hand, each with its status; « Envoyer un SMS » when the customer has a French mobile and did not reply STOP.
 */
export function FolderSmsCard({
  folderId,
  mayWrite,
  onSent,
}: {
  folderId: number;
  mayWrite: boolean;
  onSent: () => void;
}) {
  // Under the folder's path: a change of the folder (an appointment set or moved, an SMS sent) reads it again.
  const { data, error, refetch } = useApiQuery(`api/folder/${folderId}/sms`, () => getFolderSms(folderId));
  const [writing, setWriting] = useState<{ templateId?: number | undefined }>();
  const ready = data?.templates.find((template) => template.purpose === 'vehicle_ready');
  const canText = Boolean(data?.mobile && !data.optedOut);

  return (
    <Card
      title="SMS au client"
      size="small"
      extra={
        mayWrite && data ? (
          <Space wrap>
            {ready ? (
              <Button disabled={!canText} onClick={() => setWriting({ templateId: ready.id })}>
                Prévenir : véhicule prêt
              </Button>
            ) : null}
            <Button disabled={!canText} onClick={() => setWriting({})}>
              Envoyer un SMS
            </Button>
          </Space>
        ) : null
      }
    >
      {error ? <ErrorState onRetry={() => void refetch()} /> : null}
      {!data && !error ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {data && !data.mobile ? (
        <Alert
          type="info"
          showIcon
          message="Pas de numéro de mobile français (06 ou 07) dans ce dossier : aucun SMS possible."
        />
      ) : null}
      {data?.optedOut ? (
        <Alert type="warning" showIcon message="Ce client a répondu STOP : il ne reçoit plus de SMS." />
      ) : null}
      {data ? (
        <List
          size="small"
          locale={{ emptyText: 'Aucun SMS pour ce dossier' }}
          dataSource={data.items}
          renderItem={(sms) => (
            <List.Item data-testid="folder-sms" data-status={sms.status}>
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    <Typography.Text strong>{SMS_PURPOSE_LABELS[sms.purpose]}</Typography.Text>
                    <Tag color={STATUS_COLORS[sms.status]}>{SMS_STATUS_LABELS[sms.status]}</Tag>
                  </Space>
                }
                description={
                  <>
                    <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-line' }}>
                      {sms.text}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary">
                      {sms.to} · {sms.segments} SMS · {when(sms)}
                      {sms.error ? ` · ${sms.error}` : ''}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : null}
      {data && writing ? (
        <Suspense fallback={null}>
          <SendSmsModal
            folderId={folderId}
            templates={data.templates}
            open={writing !== undefined}
            initialTemplateId={writing?.templateId}
            onClose={() => setWriting(undefined)}
            onSent={() => {
              setWriting(undefined);
              // The folder's reads, this list among them, are read again.
              onSent();
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
