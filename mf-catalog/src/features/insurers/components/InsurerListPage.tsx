import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { INSURER_DELETED, INSURER_LIST_ERROR, type InsurerEntry } from 'contracts';
import { useState } from 'react';
import { PageHeader, type ServerColumn, ServerTable, useInvalidate, useSaveAction, useSession } from 'shared-ui';
import { deleteInsurer, insurerFetcher } from '../api/insurers';
import { InsurerDrawer } from './InsurerDrawer';

const orDash = (value: string) => value || '—';
const columns: ServerColumn<InsurerEntry>[] = [
  { title: 'Assureur', dataIndex: 'shortName', width: 170 },
  { title: 'Raison sociale', secondary: true, dataIndex: 'legalName' },
  { title: 'SIREN', dataIndex: 'siren', width: 120, render: (_, row) => orDash(row.siren) },
  { title: 'Ville', dataIndex: 'city', width: 150, render: (_, row) => orDash(row.city) },
  {
    title: 'Facturation électronique',
    dataIndex: 'einvoicingAddress',
    width: 190,
    render: (_, row) => orDash(row.einvoicingAddress),
  },
  {
    title: 'Annuaire',
    dataIndex: 'shared',
    width: 150,
    exportValue: (row) => (row.editable ? (row.shared ? 'Réseau (partagé)' : 'Garage') : 'Réseau'),
    render: (_, row) =>
      row.shared ? <Tag color="blue">{row.editable ? 'Réseau (partagé)' : 'Réseau'}</Tag> : <Tag>Garage</Tag>,
  },
];

/**
 * /company/insurer-list: the insurers the garage bills, its own entries and its network's. A folder's insurer is
 * chosen here; an insurer invoice prints the entry as its buyer.
 */
export function InsurerListPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const [editing, setEditing] = useState<InsurerEntry | 'new'>();
  const { run } = useSaveAction();
  const invalidate = useInvalidate();
  // Every read of the insurers: this list, keeping its search and page, and the folder form's choices of insurer.
  const insurersChanged = () => void invalidate('api/insurer', 'api/folder/default-values');
  const remove = async (row: InsurerEntry) => {
    if (await run(() => deleteInsurer(row.id), { done: INSURER_DELETED })) insurersChanged();
  };
  return (
    <>
      <PageHeader
        title="Assureurs"
        subtitle="L’annuaire des assureurs facturés : celui du garage et celui du réseau"
        extra={
          <Button type="primary" onClick={() => setEditing('new')} disabled={companyId === 0}>
            Ajouter un assureur
          </Button>
        }
      />
      <ServerTable
        key={companyId}
        tableKey="insurer"
        columns={columns}
        fetcher={insurerFetcher}
        searchPlaceholder="Rechercher un assureur (nom, SIREN, ville)"
        defaultSort={{ field: 'shortName', dir: 'asc' }}
        defaultErrorMessage={INSURER_LIST_ERROR}
        actionsTitle="Action"
        actions={(row) => (
          <Space size={0}>
            <Button
              type="text"
              icon={row.editable ? <EditOutlined /> : <EyeOutlined />}
              aria-label={`${row.editable ? 'Modifier' : 'Voir'} ${row.shortName}`}
              onClick={() => setEditing(row)}
            />
            {row.editable ? (
              <Popconfirm
                title={`Supprimer ${row.shortName} de l’annuaire ?`}
                okText="Supprimer"
                cancelText="Annuler"
                onConfirm={() => remove(row)}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Supprimer ${row.shortName}`} />
              </Popconfirm>
            ) : null}
          </Space>
        )}
        exports={{ csvName: 'assureurs.csv', excelName: 'assureurs.xlsx', printName: 'assureurs' }}
      />
      {editing ? (
        <InsurerDrawer
          insurer={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            insurersChanged();
          }}
        />
      ) : null}
    </>
  );
}
