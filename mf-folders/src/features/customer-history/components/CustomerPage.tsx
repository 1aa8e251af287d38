import { Skeleton, Space, Tag } from 'antd';
import { FOLDER_NOT_FOUND_MESSAGE, formatPlate, vehiclePath } from 'contracts';
import { Link, useParams } from 'react-router-dom';
import { ApiError, ErrorState, formatDate, NotFoundPanel, PageHeader, useApiQuery } from 'shared-ui';
import { getCustomerHistory } from '../api/history';
import { ImportedCustomers } from './ImportedCustomers';
import { PastSections } from './PastSections';

/** /customer/{folderId}: the customer of that folder and everything they had done in my garages. */
export function CustomerPage() {
  const folderId = Number(useParams().folderId);
  const valid = Number.isInteger(folderId) && folderId > 0;
  const { data, error, refetch } = useApiQuery(valid ? `api/customer/${folderId}` : null, () =>
    getCustomerHistory(folderId),
  );
  if (!valid || (error instanceof ApiError && error.status === 404)) {
    return <NotFoundPanel title={FOLDER_NOT_FOUND_MESSAGE} backTo="/folder/list/all" backLabel="Retour aux dossiers" />;
  }
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <>
      <PageHeader
        title={`Client : ${data.customer.name}`}
        subtitle={`Client depuis le ${formatDate(data.customer.since)} · ${data.folders.length} dossier${data.folders.length > 1 ? 's' : ''}`}
        breadcrumb={[
          { title: 'Gestion clients', href: '/folder/list/all' },
          { title: 'Dossier', href: `/folder/show/${folderId}` },
          { title: 'Fiche client' },
        ]}
        extra={
          <Space wrap role="group" aria-label="Véhicules du client">
            {data.vehicles.map((vehicle) => (
              <Link key={vehicle.plate} to={vehiclePath(vehicle.plate)}>
                <Tag>
                  {formatPlate(vehicle.plate)} {vehicle.vehicle}
                </Tag>
              </Link>
            ))}
          </Space>
        }
      />
      <ImportedCustomers imported={data.imported} />
      <PastSections past={data} show="customer" />
    </>
  );
}
