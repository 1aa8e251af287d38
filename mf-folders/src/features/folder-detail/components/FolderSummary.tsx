import { Card, Descriptions } from 'antd';
import { deductibleTermsLabel, type FolderDetail, GLASS_LABELS, REPAIR_LABELS } from 'contracts';
import { formatDate, formatDateTime } from 'shared-ui';

const orDash = (value: string | null | undefined) => value || '—';

/** The folder at a glance: customer, vehicle, insurance, work and who handles it. */
export function FolderSummary({ folder }: { folder: FolderDetail }) {
  return (
    <Card title="Dossier" size="small">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          {
            key: 'customer',
            label: 'Client',
            children: [folder.civility, folder.firstName, folder.lastName].filter(Boolean).join(' '),
          },
          { key: 'city', label: 'Ville', children: orDash(folder.city) },
          { key: 'plate', label: 'Immatriculation', children: folder.plate },
          {
            key: 'vehicle',
            label: 'Véhicule',
            children: orDash([folder.brand, folder.model].filter(Boolean).join(' ')),
          },
          { key: 'vin', label: 'VIN', children: orDash(folder.vin) },
          {
            key: 'mileage',
            label: 'Kilométrage',
            children: folder.mileage === null ? '—' : `${folder.mileage.toLocaleString('fr-FR')} km`,
          },
          { key: 'insurer', label: 'Assureur', children: orDash(folder.insurer) },
          { key: 'policy', label: 'N° de contrat', children: orDash(folder.policyNumber) },
          { key: 'claim', label: 'N° de sinistre', children: orDash(folder.claimNumber) },
          { key: 'deductible', label: 'Franchise', children: orDash(deductibleTermsLabel(folder.deductible)) },
          {
            key: 'glass',
            label: 'Dommage',
            children: orDash(
              [folder.glass && GLASS_LABELS[folder.glass], folder.repairKind && REPAIR_LABELS[folder.repairKind]]
                .filter(Boolean)
                .join(' · '),
            ),
          },
          { key: 'technician', label: 'Technicien', children: orDash(folder.technician?.name) },
          {
            key: 'appointment',
            label: 'Rendez-vous',
            children: folder.appointmentAt ? formatDateTime(folder.appointmentAt) : '—',
          },
          { key: 'known', label: 'Connu par', children: orDash(folder.knownBy?.label) },
          { key: 'owner', label: 'Créé par', children: orDash(folder.owner?.name) },
          { key: 'created', label: 'Créé le', children: formatDate(folder.createdAt) },
          { key: 'company', label: 'Garage', children: folder.companyName },
        ]}
      />
    </Card>
  );
}
