import { Drawer, Empty, Skeleton, Timeline, Typography } from 'antd';
import type { RecoveryRow } from 'contracts';
import type { ReactNode } from 'react';
import { errorMessage, formatDateTime, StatusPanel, useApiQuery } from 'shared-ui';
import { recoveryEvents } from '../api/recovery';
import { describeRecoveryEvent, RECOVERY_EVENTS_ERROR } from '../lib/labels';

/** "Historique": every step of one recovery (opening, stage moves, comments), newest first. */
export function HistoryDrawer({ row, onClose }: { row: RecoveryRow & { recoveryId: number }; onClose: () => void }) {
  const { data, error, isLoading } = useApiQuery(`api/recovery/${row.recoveryId}/events`, () =>
    recoveryEvents(row.recoveryId),
  );
  let body: ReactNode;
  if (error) {
    body = <StatusPanel status="error" title={errorMessage(error, RECOVERY_EVENTS_ERROR)} />;
  } else if (isLoading) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (!data || data.length === 0) {
    body = <Empty description="Aucune étape" />;
  } else {
    body = (
      <Timeline
        items={data.map((event) => ({
          key: event.id,
          color: event.kind === 'comment' ? 'gray' : 'blue',
          children: (
            <div data-testid="recovery-event" data-kind={event.kind}>
              <Typography.Text strong>{describeRecoveryEvent(event)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {formatDateTime(event.createdAt)} · {event.user}
              </Typography.Text>
              {event.content ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                  {event.content}
                </Typography.Paragraph>
              ) : null}
            </div>
          ),
        }))}
      />
    );
  }
  return (
    <Drawer
      open
      title={`Historique du recouvrement · ${row.documentNumber}`}
      onClose={onClose}
      width="min(520px, 100vw)"
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
