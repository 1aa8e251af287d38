import { Skeleton, Space, Tag } from 'antd';
import { customerPath, formatPlate, VEHICLE_NOT_FOUND } from 'contracts';
import { Link, useParams } from 'react-router-dom';
import { ApiError, ErrorState, NotFoundPanel, PageHeader, useApiQuery } from 'shared-ui';
import { getVehicleHistory } from '../api/history';
import { ImportedCustomers } from './ImportedCustomers';
import { PastSections } from './PastSections';

/** /vehicle/{plate}: a vehicle (by plate or VIN) and everything done to it in my garages, whoever brought it. */
export function VehiclePage() {
  const plate = useParams().plate ?? '';
  const { data, error, refetch } = useApiQuery(plate === '' ? null : `api/vehicle/${encodeURIComponent(plate)}`, () =>
    getVehicleHistory(plate),
  );
  if (plate === '' || (error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    return <NotFoundPanel title={VEHICLE_NOT_FOUND} backTo="/folder/list/all" backLabel="Retour aux dossiers" />;
  }
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { vehicle } = data;
  return (
    <>
      <PageHeader
        title={`Véhicule ${formatPlate(vehicle.plate)}`}
        subtitle={[vehicle.vehicle, vehicle.vin ? `VIN ${vehicle.vin}` : ''].filter(Boolean).join(' · ')}
        breadcrumb={[{ title: 'Gestion clients', href: '/folder/list/all' }, { title: 'Fiche véhicule' }]}
        extra={
          <Space wrap role="group" aria-label="Clients du véhicule">
            {data.customers.map((customer) => (
              <Link key={customer.folderId} to={customerPath(customer.folderId)}>
                <Tag>{customer.name}</Tag>
              </Link>
            ))}
          </Space>
        }
      />
      <ImportedCustomers imported={data.imported} />
      <PastSections past={data} show="vehicle" />
    </>
  );
}
