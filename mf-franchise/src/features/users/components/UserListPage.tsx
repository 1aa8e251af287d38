import { EditOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Tag, Tooltip } from 'antd';
import {
  type GarageUserRow,
  ROLE_LABELS,
  type Role,
  USER_ACTIVATED,
  USER_DEACTIVATED,
  USER_LIST_ERROR,
} from 'contracts';
import { useState } from 'react';
import {
  PageHeader,
  type ServerColumn,
  ServerTable,
  useCan,
  useInvalidate,
  useSaveAction,
  useSession,
} from 'shared-ui';
import { setUserActive, userFetcher } from '../api/users';
import { PendingInvitations } from './PendingInvitations';
import { ResetTwoFactorButton } from './ResetTwoFactorButton';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard';
import { UserDrawer } from './UserDrawer';

const roleTags = (roles: string[]) => (
  <Flex wrap gap={4}>
    {roles.map((role) => (
      <Tag key={role}>{ROLE_LABELS[role as Role] ?? role}</Tag>
    ))}
  </Flex>
);

/** A user's row actions, each with its tooltip: roles, double authentication, (de)activation in this garage. */
function UserRowActions({
  row,
  mayResetTwoFactor,
  onEdit,
  onToggle,
  onReset,
}: {
  row: GarageUserRow;
  mayResetTwoFactor: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onReset: () => void;
}) {
  return (
    <Flex gap={4}>
      <Tooltip title="Modifier les rôles">
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={`Modifier les rôles de ${row.email}`}
          onClick={onEdit}
        />
      </Tooltip>
      {mayResetTwoFactor && row.twoFactor ? <ResetTwoFactorButton user={row} onReset={onReset} /> : null}
      <Popconfirm
        title={
          row.active
            ? `Désactiver ${row.email} dans ce garage ? Ses autres garages le gardent.`
            : `Réactiver ${row.email} dans ce garage ?`
        }
        okText={row.active ? 'Désactiver' : 'Réactiver'}
        cancelText="Annuler"
        onConfirm={onToggle}
      >
        <Tooltip title={row.active ? 'Désactiver dans ce garage' : 'Réactiver dans ce garage'}>
          <Button
            type="text"
            danger={row.active}
            icon={row.active ? <StopOutlined /> : <UndoOutlined />}
            aria-label={`${row.active ? 'Désactiver' : 'Réactiver'} ${row.email}`}
          />
        </Tooltip>
      </Popconfirm>
    </Flex>
  );
}

/** /users "Mes utilisateurs": the garage's accounts, their roles; invite, change roles, (de)activate. */
export function UserListPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const myEmail = useSession((state) => state.claims?.email);
  // A lost phone: only a super admin removes someone's second factor (the permission table).
  const mayResetTwoFactor = useCan('mfaReset');
  const { run } = useSaveAction();
  const [editing, setEditing] = useState<GarageUserRow | 'new'>();
  const invalidate = useInvalidate();
  // The accounts and the pending invitations are read again; both tables keep their search and page.
  const refresh = () => void invalidate('api/users');

  const toggle = async (row: GarageUserRow) => {
    const done = row.active ? USER_DEACTIVATED : USER_ACTIVATED;
    if (await run(() => setUserActive(row.id, !row.active), { done })) refresh();
  };

  const columns: ServerColumn<GarageUserRow>[] = [
    {
      title: 'Nom',
      dataIndex: 'name',
      render: (_, row) => `${row.firstname} ${row.name}`.trim() || `Utilisateur #${row.id}`,
      exportValue: (row) => `${row.firstname} ${row.name}`.trim(),
    },
    { title: 'E-mail', dataIndex: 'email' },
    {
      title: companyId === 0 ? 'Rôles par garage' : 'Rôles',
      dataIndex: 'roles',
      sorter: false,
      filterable: false,
      render: (_, row) =>
        companyId === 0
          ? row.companies.map((company) => (
              <div key={company.id}>
                {company.name} : {roleTags(company.roles)}
                {company.active ? null : <Tag color="red">Désactivé dans ce garage</Tag>}
              </div>
            ))
          : roleTags(row.roles),
      exportValue: (row) => row.roles.map((role) => ROLE_LABELS[role as Role] ?? role).join(', '),
    },
    {
      title: 'Statut',
      dataIndex: 'active',
      width: 120,
      filterable: false,
      // In one garage: the membership's state there. Under TOUT: active in at least one (details per garage).
      render: (_, row) => (row.active ? <Tag color="green">Actif</Tag> : <Tag color="red">Désactivé</Tag>),
      exportValue: (row) => (row.active ? 'Actif' : 'Désactivé'),
    },
    {
      title: 'Double authentification',
      dataIndex: 'twoFactor',
      width: 170,
      sorter: false,
      filterable: false,
      render: (_, row) => (row.twoFactor ? <Tag color="green">Activée</Tag> : <Tag>Non</Tag>),
      exportValue: (row) => (row.twoFactor ? 'Activée' : 'Non'),
    },
  ];

  return (
    <>
      <PageHeader
        title="Mes utilisateurs"
        extra={
          <Button type="primary" onClick={() => setEditing('new')} disabled={companyId === 0}>
            Inviter un utilisateur
          </Button>
        }
      />
      <ServerTable
        key={companyId}
        tableKey="users"
        columns={columns}
        fetcher={userFetcher}
        searchPlaceholder="Rechercher un utilisateur"
        defaultSort={{ field: 'name', dir: 'asc' }}
        defaultErrorMessage={USER_LIST_ERROR}
        actionsTitle="Actions"
        actions={(row) =>
          // Roles and activation belong to one garage's membership: under TOUT, pick the garage first.
          row.email === myEmail || companyId === 0 ? null : (
            <UserRowActions
              row={row}
              mayResetTwoFactor={mayResetTwoFactor}
              onEdit={() => setEditing(row)}
              onToggle={() => void toggle(row)}
              onReset={refresh}
            />
          )
        }
        exports={{ csvName: 'utilisateurs.csv', excelName: 'utilisateurs.xlsx', printName: 'utilisateurs' }}
      />
      <PendingInvitations key={companyId} />
      <TwoFactorPolicyCard key={`mfa-${companyId}`} companyId={companyId} />
      {editing ? (
        <UserDrawer
          user={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
