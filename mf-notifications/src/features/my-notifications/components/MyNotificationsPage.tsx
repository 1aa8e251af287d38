import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { eventBus, PageHeader, ServerTable, useSaveAction } from 'shared-ui';
import { markAllNotificationsRead } from '../../../api/mark-all-read';
import { fetchMyNotifications } from '../api/get-my-notifications';
import { LOAD_ERROR_MESSAGE, myNotificationColumns } from './columns';

/** "Mes notifications" (/me/notifications): every notification of mine, server-paged. */
export function MyNotificationsPage() {
  const navigate = useNavigate();
  const { run, saving: marking } = useSaveAction();
  const [version, setVersion] = useState(0);

  const markAllRead = () =>
    run(async () => {
      await markAllNotificationsRead();
      eventBus.emit('notification:changed', { unread: 0 });
      navigate('/me/notifications');
      setVersion((v) => v + 1);
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
        params={{ version }}
      />
    </>
  );
}
