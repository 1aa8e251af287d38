import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { MESSAGE_TYPE_LABELS, type MessageTemplate, type TemplateKind } from 'contracts';
import { Link } from 'react-router-dom';
import { formatDateTime, PageHeader, type ServerColumn, ServerTable } from 'shared-ui';
import { templateFetchers } from '../api/list-templates';

const TITLES: Record<TemplateKind, string> = { mail: 'Modèles mail', sms: 'Modèles SMS' };

const columns: ServerColumn<MessageTemplate>[] = [
  {
    title: 'Sujet',
    dataIndex: 'subject',
    sorter: true,
    render: (_, row) => (
      <>
        {row.subject}{' '}
        {row.shared ? <Tag color={row.editable ? 'blue' : 'default'}>{row.editable ? 'Publié' : 'Réseau'}</Tag> : null}
      </>
    ),
  },
  {
    title: 'Type',
    dataIndex: 'type',
    sorter: true,
    filterable: false,
    render: (_, row) => MESSAGE_TYPE_LABELS[row.type],
    exportValue: (row) => MESSAGE_TYPE_LABELS[row.type],
  },
  {
    title: 'Modifié le',
    dataIndex: 'updatedAt',
    sorter: true,
    filterable: false,
    render: (_, row) => formatDateTime(row.updatedAt),
    exportValue: (row) => formatDateTime(row.updatedAt),
  },
];

/** /message_template/{mail|sms}/list */
export function TemplateListPage({ kind }: { kind: TemplateKind }) {
  return (
    <>
      <PageHeader
        title={TITLES[kind]}
        extra={
          <Link to={`/message_template/${kind}/new`}>
            <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
              {kind === 'sms' ? 'Nouveau SMS' : 'Nouveau mail'}
            </Button>
          </Link>
        }
      />
      <ServerTable
        key={kind}
        tableKey={`message-templates-${kind}`}
        columns={columns}
        fetcher={templateFetchers[kind]}
        searchPlaceholder="Rechercher un modèle"
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        rowHref={(row) => `/message_template/${row.id}/edit`}
        actions={(row) => (
          <Link
            to={`/message_template/${row.id}/edit`}
            aria-label={`${row.editable ? 'Modifier' : 'Voir'} le modèle ${row.subject}`}
          >
            {row.editable ? <EditOutlined /> : <EyeOutlined />}
          </Link>
        )}
        exports={false}
      />
    </>
  );
}
