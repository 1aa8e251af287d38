import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import type { NotificationRow } from 'contracts';
import { type ReactNode, useState } from 'react';
import { eventBus } from 'shared-ui';
import { archiveNotification } from '../../../api/archive-notification';
import { markAllNotificationsRead } from '../../../api/mark-all-read';
import { markNotificationRead } from '../../../api/mark-read';
import { useBell } from '../hooks/use-bell';
import { NotificationDialog } from './NotificationDialog';
import { NotificationDrawer } from './NotificationDrawer';

const COUNT_ID = 'notification-bell-count';

export interface NotificationBellProps {
  /** Rendered at the top of the drawer (the server's unread menu). */
  summary?: ReactNode;
}

/** Runs a call whose failure the HTTP client has already logged: nothing more to do (docs/product.md). */
const quietly = (call: Promise<unknown>) => call.catch(() => undefined);

/**
 * The top-bar bell: unread badge, drawer with "Non lues"/"Lues" tabs, detail
 * dialog with archive. Live through the server's event stream.
 */
export function NotificationBell({ summary }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<NotificationRow | null>(null);
  const [archiving, setArchiving] = useState(false);
  const { count, unread, read, loading, refresh } = useBell(open);

  const openNotification = async (notification: NotificationRow) => {
    setSelected(notification);
    if (notification.isUnRead) {
      await quietly(markNotificationRead(notification.id));
      await refresh();
    }
  };

  const markAllRead = async () => {
    await quietly(markAllNotificationsRead());
    await refresh();
  };

  const archive = async (notification: NotificationRow) => {
    setArchiving(true);
    try {
      await archiveNotification(notification.id);
      setSelected(null);
      // The bell listens to this event too: that is its refetch.
      eventBus.emit('notification:archived', { id: notification.id });
    } catch {
      // Logged by the HTTP client; the dialog stays open so the user can retry.
    } finally {
      setArchiving(false);
    }
  };

  return (
    <>
      <Badge
        count={
          count > 0 ? (
            <span
              id={COUNT_ID}
              data-testid="notification-count"
              title={`${count} notification(s) non lue(s)`}
              style={{
                minWidth: 20,
                height: 20,
                padding: '0 6px',
                borderRadius: 10,
                background: '#cf1322',
                color: '#fff',
                fontSize: 12,
                lineHeight: '20px',
                textAlign: 'center',
                boxShadow: '0 0 0 1px #fff',
              }}
            >
              {count > 99 ? '99+' : count}
            </span>
          ) : null
        }
        offset={[-4, 4]}
      >
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label="Notifications"
          aria-describedby={count > 0 ? COUNT_ID : undefined}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        />
      </Badge>
      <NotificationDrawer
        open={open}
        onClose={() => setOpen(false)}
        unread={unread}
        read={read}
        loading={loading}
        onOpenNotification={(notification) => void openNotification(notification)}
        onMarkAllRead={() => void markAllRead()}
        summary={summary}
      />
      <NotificationDialog
        notification={selected}
        archiving={archiving}
        onArchive={(notification) => void archive(notification)}
        onClose={() => setSelected(null)}
      />
    </>
  );
}
