import { type NotificationRow, notificationParts } from 'contracts';
import { Link } from 'react-router-dom';
import { formatDateTime, NotificationTypeTag, type ServerColumn } from 'shared-ui';

export const LOAD_ERROR_MESSAGE = 'Erreur lors du chargement des centres';

/** Columns of "Mes notifications": dataIndex order = the server's columnsMap. */
export const myNotificationColumns: ServerColumn<NotificationRow>[] = [
  {
    title: 'Message',
    dataIndex: 'content',
    sorter: true,
    render: (_, row) => (
      <span>
        <NotificationTypeTag typeFolder={row.typeFolder} folderTitle={row.folder?.title} />
        {notificationParts(row.content).title || 'Notification'}
      </span>
    ),
    exportValue: (row) => notificationParts(row.content).title,
  },
  {
    title: 'Dossier',
    dataIndex: 'folder',
    sorter: true,
    filterable: false,
    render: (_, row) =>
      row.folder ? (
        // The row itself opens the notification: this link must not.
        <Link to={`/folder/show/${row.folder.id}`} onClick={(event) => event.stopPropagation()}>
          {row.folder.title || `Dossier #${row.folder.id}`}
        </Link>
      ) : (
        '—'
      ),
    exportValue: (row) => row.folder?.title ?? '',
  },
  {
    title: 'Date d’envoi',
    dataIndex: 'createdAt',
    sorter: true,
    filterable: false,
    render: (_, row) => formatDateTime(row.createdAt),
    exportValue: (row) => formatDateTime(row.createdAt),
  },
  {
    title: 'Lu ?',
    dataIndex: 'notificationRead',
    sorter: true,
    width: 90,
  },
];
