import { Flex, Typography, theme } from 'antd';
import { type NotificationRow, notificationParts } from 'contracts';
import { formatDateTime, NotificationTypeTag } from 'shared-ui';

export interface NotificationItemProps {
  notification: NotificationRow;
  onOpen: (notification: NotificationRow) => void;
}

/** One row of the drawer: type tag, title, subtitle, date, and a blue dot while unread. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { token } = theme.useToken();
  const { title, subtitle } = notificationParts(notification.content);
  return (
    <li style={{ listStyle: 'none' }}>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        data-notification-id={notification.id}
        aria-label={`${notification.isUnRead ? 'Non lue : ' : ''}${title || 'Notification'}`}
        style={{
          all: 'unset',
          boxSizing: 'border-box',
          cursor: 'pointer',
          display: 'block',
          width: '100%',
          padding: '10px 8px',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          background: notification.isUnRead ? token.colorPrimaryBg : undefined,
        }}
      >
        <Flex align="flex-start" gap={8}>
          <NotificationTypeTag typeFolder={notification.typeFolder} folderTitle={notification.folder?.title} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong={notification.isUnRead} ellipsis style={{ display: 'block' }}>
              {title || 'Notification'}
            </Typography.Text>
            {subtitle ? (
              <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
                {subtitle}
              </Typography.Text>
            ) : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(notification.createdAt)}
            </Typography.Text>
          </div>
          {notification.isUnRead ? (
            <span
              className="notification-unread-dot"
              title="Non lue"
              style={{
                width: 8,
                height: 8,
                marginTop: 6,
                borderRadius: '50%',
                background: token.colorInfo,
                flex: 'none',
              }}
            />
          ) : null}
        </Flex>
      </button>
    </li>
  );
}
