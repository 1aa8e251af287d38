import { Alert, Card, Skeleton } from 'antd';
import { FOLDER_BILLING_SLOT, type FolderBillingSlotProps } from 'contracts';
import { RemoteSlot } from 'shared-ui';

const unavailable = (
  <Alert
    type="info"
    showIcon
    message="Devis et factures indisponibles pour le moment"
    description="Le module Facturation ne répond pas : le reste du dossier fonctionne normalement. Les devis et factures du dossier s’afficheront ici dès son retour."
  />
);

/** The folder's quotes and invoices: mf-billing's block, loaded at run time, with a French fallback. */
export function BillingBlock(props: FolderBillingSlotProps) {
  return (
    <Card title="Devis et factures" size="small">
      <RemoteSlot
        remote={FOLDER_BILLING_SLOT.remote}
        module={FOLDER_BILLING_SLOT.module}
        props={props}
        fallback={unavailable}
        loading={<Skeleton active paragraph={{ rows: 2 }} />}
      />
    </Card>
  );
}
