import { Card, Descriptions, Typography } from 'antd';
import { formatPlate, type ImportedCustomer } from 'contracts';
import { formatDate } from 'shared-ui';

const vehicleLine = (vehicle: ImportedCustomer['vehicles'][number]) =>
  [
    formatPlate(vehicle.plate),
    vehicle.vehicle,
    vehicle.vin ? `VIN ${vehicle.vin}` : '',
    vehicle.mileage !== null ? `${vehicle.mileage.toLocaleString('fr-FR')} km` : '',
  ]
    .filter(Boolean)
    .join(' · ');

/** « Fichier importé »: the customer or the vehicle as the garage's former software knew it (nothing when it did not). */
export function ImportedCustomers({ imported }: { imported: ImportedCustomer[] }) {
  if (imported.length === 0) return null;
  return (
    <Card size="small" title="Fichier importé de l’ancien logiciel" style={{ marginBottom: 16 }}>
      {imported.map((entry) => (
        <Descriptions
          key={`${entry.garage}-${entry.name}-${entry.importedAt}`}
          size="small"
          column={{ xs: 1, md: 3 }}
          style={{ marginBottom: 8 }}
        >
          <Descriptions.Item label="Client">{entry.name}</Descriptions.Item>
          <Descriptions.Item label="Garage">
            {entry.garage}
            {entry.city ? ` — ${entry.city}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="Importé le">{formatDate(entry.importedAt)}</Descriptions.Item>
          <Descriptions.Item label="Véhicules" span={3}>
            {entry.vehicles.length === 0 ? (
              <Typography.Text type="secondary">Aucun</Typography.Text>
            ) : (
              entry.vehicles.map(vehicleLine).join(' ; ')
            )}
          </Descriptions.Item>
        </Descriptions>
      ))}
    </Card>
  );
}
