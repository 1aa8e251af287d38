import { Button, Descriptions, Divider, Flex, Modal, Space, Tag, Typography } from 'antd';
import { VEHICLE_FIELD_LABELS, type VehicleField } from 'contracts';
import { formatDate, formatNumber } from 'shared-ui';
import type { SidexaVehicle, VehicleSearch } from '../hooks/use-vehicle-search';
import { ConfirmPartsForm } from './ConfirmPartsForm';
import { SidexaLinesTable } from './SidexaLinesTable';
import { VariantSelection } from './VariantSelection';

const FIELDS = Object.keys(VEHICLE_FIELD_LABELS) as VehicleField[];

function fieldText(vehicle: SidexaVehicle, field: VehicleField): string {
  const value = vehicle[field];
  if (value === null || value === '') return '—';
  if (field === 'firstRegistrationDate' && typeof value === 'string') return formatDate(value);
  return typeof value === 'number' ? formatNumber(value) : value;
}

/** The vehicle's identity as the registration file gives it, in the contracts' order and words. */
export function VehicleDescriptions({ vehicle }: { vehicle: SidexaVehicle }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      items={FIELDS.map((field) => ({
        key: field,
        label: VEHICLE_FIELD_LABELS[field],
        children: fieldText(vehicle, field),
      }))}
    />
  );
}

/**
 * The search's result: the vehicle, its options, its lines; then, not identified by its VIN, a variant to pick per
 * part ("Valider la sélection"); once the parts are priced, the hourly rate and "Confirmer les pièces".
 */
export function VehicleResultModal({ search }: { search: VehicleSearch }) {
  const { vehicle, lines, priced } = search;
  if (!vehicle) return null;
  return (
    <Modal
      open={search.stage === 'result'}
      title={`Véhicule ${vehicle.registration} · ${vehicle.brand} ${vehicle.model}`}
      width="min(1100px, 96vw)"
      onCancel={search.close}
      footer={<Button onClick={search.close}>Fermer</Button>}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Tag color={vehicle.vinIdentified ? 'green' : 'orange'}>
          {vehicle.vinIdentified ? 'Identifié par son numéro de série (VIN)' : 'Non identifié par son VIN'}
        </Tag>
        <VehicleDescriptions vehicle={vehicle} />
        <div>
          <Typography.Text strong>Options du véhicule ({vehicle.options.length})</Typography.Text>
          <Flex wrap gap={4} style={{ marginTop: 4 }}>
            {vehicle.options.map((option) => (
              <Tag key={option}>{option}</Tag>
            ))}
          </Flex>
        </div>
        <Divider style={{ margin: '4px 0' }} />
        {priced ? null : <VariantSelection lines={lines} loading={search.enriching} onValidate={search.enrich} />}
        <SidexaLinesTable lines={lines} />
        {priced ? (
          <ConfirmPartsForm
            lines={lines}
            companyId={search.folder.companyId}
            loading={search.confirmingParts}
            onConfirm={search.confirmParts}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
