import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { SIDEXA_UNIT_COST } from 'contracts';
import type { VehicleSearch } from '../hooks/use-vehicle-search';
import { QuotationStep } from './QuotationStep';
import { VehicleResultModal } from './VehicleResultModal';

export const CONFIRM_TITLE = 'Recherche du véhicule';
export const CONFIRM_TEXT = `Cette recherche consomme ${SIDEXA_UNIT_COST} unité de votre solde (UNITÉS) : elle identifie le véhicule et ses vitrages auprès de Sidexa.`;
export const ALREADY_CHARGED_TEXT =
  'Ce dossier a déjà été débité pour cette recherche : la relancer ne consomme pas d’unité supplémentaire.';
export const NO_RESULT_TITLE = 'Aucun résultat';

/** Every modal of the vehicle search of one folder, as its state says (useVehicleSearch). */
export function VehicleSearchModals({ search }: { search: VehicleSearch }) {
  const { stage, status } = search;
  const consuming = stage === 'consuming';
  return (
    <>
      {stage === 'checking' || stage === 'loading' ? <Spin fullscreen tip="Recherche du véhicule…" /> : null}
      <Modal
        open={stage === 'confirm' || consuming}
        title={CONFIRM_TITLE}
        okText="Confirmer"
        cancelText="Annuler"
        onOk={() => void search.confirm()}
        onCancel={search.close}
        okButtonProps={{ loading: consuming, disabled: consuming }}
        cancelButtonProps={{ disabled: consuming }}
        closable={!consuming}
        maskClosable={false}
      >
        <Typography.Paragraph>{status?.tokenId ? ALREADY_CHARGED_TEXT : CONFIRM_TEXT}</Typography.Paragraph>
        {status?.registration ? (
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Immatriculation : <Typography.Text strong>{status.registration}</Typography.Text>
          </Typography.Paragraph>
        ) : null}
      </Modal>
      <VehicleResultModal search={search} />
      <Modal
        open={stage === 'no-result'}
        title={NO_RESULT_TITLE}
        onCancel={search.close}
        footer={<Button onClick={search.close}>Fermer</Button>}
      >
        <Alert type="warning" showIcon message={search.noResultText} />
      </Modal>
      {stage === 'quotation' ? (
        <QuotationStep
          folderId={search.folder.id}
          lines={search.quotationLines}
          onClose={search.close}
          onSaved={() => undefined}
        />
      ) : null}
    </>
  );
}
