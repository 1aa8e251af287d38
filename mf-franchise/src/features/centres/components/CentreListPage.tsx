import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { CENTRE_LIST_ERROR, type CentreRow } from 'contracts';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate, PageHeader, type ServerColumn, ServerTable, useCan } from 'shared-ui';
import { MfaPolicyForm } from '../../../components/mfa-policy/MfaPolicyForm';
import { centreFetcher } from '../api/centres';

const orDash = (value: string | null) => value ?? '—';

/** The columns, in this order (their dataIndex is the API's sort/filter key). */
export const centreColumns: ServerColumn<CentreRow>[] = [
  { title: 'Nom du centre', dataIndex: 'centreName' },
  { title: 'Téléphone', dataIndex: 'centrePhone', width: 140, render: (_, row) => orDash(row.centrePhone) },
  { title: 'SIRET', dataIndex: 'centreSiret', width: 160, render: (_, row) => orDash(row.centreSiret) },
  { title: 'Administrateur', dataIndex: 'adminName', render: (_, row) => orDash(row.adminName) },
  { title: 'E-mail de l’administrateur', dataIndex: 'adminEmail', render: (_, row) => orDash(row.adminEmail) },
  { title: 'Date de création', dataIndex: 'createdDate', width: 150, render: (_, row) => formatDate(row.createdDate) },
];

/** /franchise/{franchiseId}/centers_list: the centres of the franchisor's franchise. */
export function CentreListPage() {
  const franchiseId = Number(useParams().franchiseId);
  const fetcher = useMemo(() => centreFetcher(franchiseId), [franchiseId]);
  // The network's head chooses, centre by centre, the roles that must sign in with a second factor.
  const headsNetwork = useCan('networkHead');
  const [policyOf, setPolicyOf] = useState<CentreRow>();
  return (
    <>
      <PageHeader
        title="Liste des centres de votre franchise"
        extra={
          <>
            <Link to={`/franchise/${franchiseId}/network`}>
              <Button tabIndex={-1}>Mon réseau</Button>
            </Link>
            <Link to={`/franchise/${franchiseId}/add_center`}>
              <Button type="primary">Ajouter un centre</Button>
            </Link>
          </>
        }
      />
      <ServerTable
        key={franchiseId}
        tableKey="center"
        columns={centreColumns}
        fetcher={fetcher}
        searchPlaceholder="Rechercher un centre"
        defaultSort={{ field: 'centreName', dir: 'asc' }}
        defaultErrorMessage={CENTRE_LIST_ERROR}
        {...(headsNetwork
          ? {
              actionsTitle: 'Actions',
              actions: (row: CentreRow) => (
                <Button
                  type="text"
                  icon={<SafetyCertificateOutlined />}
                  aria-label={`Double authentification de ${row.centreName}`}
                  onClick={() => setPolicyOf(row)}
                />
              ),
            }
          : {})}
      />
      <Modal
        open={policyOf !== undefined}
        title={`Double authentification : ${policyOf?.centreName ?? ''}`}
        onCancel={() => setPolicyOf(undefined)}
        footer={null}
        destroyOnHidden
      >
        {policyOf ? <MfaPolicyForm companyId={policyOf.id} onSaved={() => setPolicyOf(undefined)} /> : null}
      </Modal>
    </>
  );
}
