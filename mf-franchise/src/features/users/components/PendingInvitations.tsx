import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { INVITATION_CANCELLED, INVITATION_LIST_ERROR, type PendingInvitation, ROLE_LABELS, type Role } from 'contracts';
import { formatDateTime, type ServerColumn, ServerTable, useInvalidate, useSaveAction } from 'shared-ui';
import { cancelInvitation, invitationFetcher } from '../api/users';

/**
 * "Invitations en attente" under the users: who was invited and has not accepted yet (the link is valid 7 days).
 * Cancelling makes the link stop working at once.
 */
export function PendingInvitations() {
  const { run } = useSaveAction();
  const invalidate = useInvalidate();
  const cancel = async (row: PendingInvitation) => {
    // The list reads again without the cancelled invitation, keeping its search and page.
    if (await run(() => cancelInvitation(row.id), { done: INVITATION_CANCELLED }))
      void invalidate('api/users/invitations');
  };
  const columns: ServerColumn<PendingInvitation>[] = [
    { title: 'E-mail', dataIndex: 'email' },
    {
      title: 'Nom',
      dataIndex: 'name',
      render: (_, row) => `${row.firstname} ${row.name}`.trim(),
      exportValue: (row) => `${row.firstname} ${row.name}`.trim(),
    },
    {
      title: 'Rôles proposés',
      dataIndex: 'roles',
      sorter: false,
      filterable: false,
      render: (_, row) => (
        <Flex wrap gap={4}>
          {row.roles.map((role) => (
            <Tag key={role}>{ROLE_LABELS[role as Role] ?? role}</Tag>
          ))}
        </Flex>
      ),
      exportValue: (row) => row.roles.map((role) => ROLE_LABELS[role as Role] ?? role).join(', '),
    },
    { title: 'Garage', dataIndex: 'companyName', sorter: false, filterable: false },
    { title: 'Invité par', dataIndex: 'invitedBy', sorter: false, filterable: false },
    {
      title: 'Expire le',
      dataIndex: 'expiresAt',
      filterable: false,
      render: (_, row) => formatDateTime(row.expiresAt),
      exportValue: (row) => formatDateTime(row.expiresAt),
    },
  ];
  return (
    <section aria-labelledby="pending-invitations" style={{ marginTop: 32 }}>
      <Typography.Title level={2} id="pending-invitations" style={{ fontSize: 18 }}>
        Invitations en attente
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        La personne rejoint le garage en ouvrant le lien reçu par e-mail (valable 7 jours) : avec son mot de passe
        habituel si elle a déjà un compte, sinon en choisissant le sien.
      </Typography.Paragraph>
      <ServerTable
        tableKey="invitations"
        columns={columns}
        fetcher={invitationFetcher}
        searchPlaceholder="Rechercher une invitation"
        defaultSort={{ field: 'expiresAt', dir: 'desc' }}
        defaultErrorMessage={INVITATION_LIST_ERROR}
        emptyText="Aucune invitation en attente"
        actionsTitle="Actions"
        actions={(row) => (
          <Popconfirm
            title={`Annuler l’invitation de ${row.email} ? Son lien ne fonctionnera plus.`}
            okText="Annuler l’invitation"
            cancelText="Garder"
            onConfirm={() => void cancel(row)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Annuler l’invitation de ${row.email}`} />
          </Popconfirm>
        )}
      />
    </section>
  );
}
