import { Button, Card, Descriptions, Skeleton, Typography } from 'antd';
import { NOTIFICATION_NOT_FOUND_MESSAGE, notificationParts } from 'contracts';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ApiError,
  ErrorState,
  eventBus,
  formatDateTime,
  NotificationTypeTag,
  PageHeader,
  StatusPanel,
  useApiQuery,
  useInvalidate,
  useSaveAction,
} from 'shared-ui';
import { archiveNotification } from '../../../api/archive-notification';
import { markNotificationRead } from '../../../api/mark-read';
import { markNotificationUnread } from '../../../api/mark-unread';
import { getNotification } from '../api/get-notification';

const BREADCRUMB = [{ title: 'Mes notifications', href: '/me/notifications' }];

/**
 * The notification `id`, marked read when opened (once per visit, so « Marquer comme non lue » sticks), and what to
 * call once its read state changed: it and the list of mine read again; the bell and the menu follow the event.
 */
function useNotification(id: number) {
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, isFetching, refetch } = useApiQuery(valid ? `api/notifications/${id}` : null, () =>
    getNotification(id),
  );
  const invalidate = useInvalidate();
  const readChanged = useCallback(() => {
    eventBus.emit('notification:changed', { unread: null });
    return invalidate(`api/notifications/${id}`, 'api/notifications/me');
  }, [id, invalidate]);
  const markedOnOpen = useRef<number | null>(null);
  useEffect(() => {
    if (!data?.isUnRead || markedOnOpen.current === data.id) return;
    markedOnOpen.current = data.id;
    markNotificationRead(data.id)
      .then(readChanged)
      .catch(() => undefined);
  }, [data, readChanged]);
  return { data, error, isFetching, refetch, readChanged };
}

/** /notifications/:id: one notification, read when opened; mark unread or archive. */
export function NotificationDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { isSaving, run } = useSaveAction();
  const { data, error, isFetching, refetch, readChanged } = useNotification(id);

  const notFound = !Number.isInteger(id) || id < 1 || (error instanceof ApiError && error.status === 404);
  if (notFound) {
    return (
      <StatusPanel
        status="warning"
        title={NOTIFICATION_NOT_FOUND_MESSAGE}
        extra={<Link to="/me/notifications">Retour à mes notifications</Link>}
      />
    );
  }
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active aria-busy={isFetching} />;

  const { title, subtitle, body } = notificationParts(data.content);

  const markUnread = () =>
    run(
      async () => {
        await markNotificationUnread(data.id);
        await readChanged();
      },
      { key: 'unread', done: 'Notification marquée comme non lue' },
    );

  const archive = () =>
    run(
      async () => {
        await archiveNotification(data.id);
        eventBus.emit('notification:archived', { id: data.id });
        navigate('/me/notifications');
      },
      { key: 'archive', done: 'Notification archivée' },
    );

  return (
    <>
      <PageHeader
        title={title || 'Notification'}
        subtitle={subtitle}
        breadcrumb={BREADCRUMB}
        extra={
          <>
            <Button loading={isSaving('unread')} disabled={data.isUnRead} onClick={() => void markUnread()}>
              Marquer comme non lue
            </Button>
            <Button danger loading={isSaving('archive')} onClick={() => void archive()}>
              Archiver
            </Button>
          </>
        }
      />
      <Card>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Type">
            <NotificationTypeTag typeFolder={data.typeFolder} folderTitle={data.folder?.title} />
          </Descriptions.Item>
          <Descriptions.Item label="Date d’envoi">{formatDateTime(data.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Dossier">
            {data.folder ? <Link to={`/folder/show/${data.folder.id}`}>Voir le dossier {data.folder.title}</Link> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Lu ?">{data.notificationRead}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
          {body || 'No content'}
        </Typography.Paragraph>
      </Card>
    </>
  );
}
