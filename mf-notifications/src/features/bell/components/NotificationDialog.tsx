import { Button, Flex, Modal, Typography } from 'antd';
import type { NotificationRow } from 'contracts';
import { useNavigate } from 'react-router-dom';
import { formatDateTime, NotificationTypeTag, SafeHtml } from 'shared-ui';

export interface NotificationDialogProps {
  notification: NotificationRow | null;
  archiving: boolean;
  onArchive: (notification: NotificationRow) => void;
  onClose: () => void;
}

/** The detail dialog "Notification": server HTML (sanitized), "Archiver", "Voir le dossier" when there is one. */
export function NotificationDialog({ notification, archiving, onArchive, onClose }: NotificationDialogProps) {
  const navigate = useNavigate();
  const folder = notification?.folder ?? null;
  return (
    <Modal
      open={notification !== null}
      title="Notification"
      onCancel={onClose}
      destroyOnHidden
      footer={
        notification ? (
          <Flex justify="flex-end" gap={8} wrap>
            {folder ? (
              <Button
                onClick={() => {
                  onClose();
                  navigate(`/folder/show/${folder.id}`);
                }}
              >
                Voir le dossier
              </Button>
            ) : null}
            <Button type="primary" danger loading={archiving} onClick={() => onArchive(notification)}>
              Archiver
            </Button>
          </Flex>
        ) : null
      }
    >
      {notification ? (
        <>
          <Flex align="center" gap={4} style={{ marginBottom: 8 }}>
            <NotificationTypeTag typeFolder={notification.typeFolder} folderTitle={folder?.title} />
            <Typography.Text type="secondary">{formatDateTime(notification.createdAt)}</Typography.Text>
          </Flex>
          <SafeHtml html={notification.content} emptyText="No content" style={{ whiteSpace: 'pre-line' }} />
        </>
      ) : null}
    </Modal>
  );
}
