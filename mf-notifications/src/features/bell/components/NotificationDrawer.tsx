import { CheckSquareOutlined } from '@ant-design/icons';
import { Button, Drawer, Spin, Tabs, Tooltip } from 'antd';
import type { NotificationRow } from 'contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from 'shared-ui';
import type { BellTab } from '../hooks/use-bell';
import { NotificationItem } from './NotificationItem';

export const EMPTY_TEXT = 'Aucune notification trouvée.';
export const DRAWER_WIDTH = 'min(420px, 100vw)';

export interface NotificationDrawerProps {
  open: boolean;
  onClose: () => void;
  unread: BellTab;
  read: BellTab;
  loading: boolean;
  onOpenNotification: (notification: NotificationRow) => void;
  onMarkAllRead: () => void;
  /** Server-built summary of the unread notifications, shown above the tabs. */
  summary?: ReactNode;
}

function TabList({ tab, onOpen }: { tab: BellTab; onOpen: (notification: NotificationRow) => void }) {
  if (tab.rows.length === 0) return <EmptyState description={EMPTY_TEXT} />;
  return (
    <ul style={{ margin: 0, padding: 0 }}>
      {tab.rows.map((row) => (
        <NotificationItem key={row.id} notification={row} onOpen={onOpen} />
      ))}
    </ul>
  );
}

export function NotificationDrawer({
  open,
  onClose,
  unread,
  read,
  loading,
  onOpenNotification,
  onMarkAllRead,
  summary,
}: NotificationDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Notifications"
      width={DRAWER_WIDTH}
      styles={{ wrapper: { maxWidth: 420 }, body: { paddingTop: 0 } }}
      extra={
        <Tooltip title="Tout marquer comme lu">
          <Button
            type="text"
            icon={<CheckSquareOutlined />}
            aria-label="Tout marquer comme lu"
            onClick={onMarkAllRead}
            disabled={unread.total === 0}
          />
        </Tooltip>
      }
      footer={
        <Link to="/me/notifications" onClick={onClose}>
          Voir toutes
        </Link>
      }
    >
      {summary}
      <Spin spinning={loading} delay={300}>
        <Tabs
          defaultActiveKey="unread"
          items={[
            {
              key: 'unread',
              label: `Non lues (${unread.total})`,
              children: <TabList tab={unread} onOpen={onOpenNotification} />,
            },
            {
              key: 'read',
              label: `Lues (${read.total})`,
              children: <TabList tab={read} onOpen={onOpenNotification} />,
            },
          ]}
        />
      </Spin>
    </Drawer>
  );
}
