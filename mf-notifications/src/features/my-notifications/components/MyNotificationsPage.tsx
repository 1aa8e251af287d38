import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { eventBus, PageHeader, ServerTable, useInvalidate, useSaveAction } from 'shared-ui';
import { markAllNotificationsRead } from '../../../api/mark-all-read';
import { fetchMyNotifications } from '../api/get-my-notifications';
import { LOAD_ERROR_MESSAGE, myNotificationColumns } from './columns';

/** "Mes notifications" (/me/notifications): every notification of mine, server-paged. */
export function MyNotificationsPage() {
  const navigate = useNavigate();
  const { run, saving: marking } = useSaveAction();
  const invalidate = useInvalidate();

  const markAllRead = () =>
    run(async () => {
      await markAllNotificationsRead();
      eventBus.emit('notification:changed', { unread: 0 });
      navigate('/me/notifications');
      // Every notification of mine is read now: the list reads again, keeping its search and page.
      void invalidate('api/notifications/me');
    });

  return (
    <>
      <PageHeader
        title="Mes notifications"
        extra={
          <Button type="primary" loading={marking} onClick={() => void markAllRead()}>
            Marquer toutes les notifications en lu
          </Button>
        }
      />
      <ServerTable
        tableKey="notifications"
        columns={myNotificationColumns}
        fetcher={fetchMyNotifications}
        searchPlaceholder="Rechercher une notification"
        defaultSort={{ field: 'createdAt', dir: 'desc' }}
        rowHref={(row) => `/notifications/${row.id}`}
        defaultErrorMessage={LOAD_ERROR_MESSAGE}
        exports={false}
      />
    </>
  );
}
