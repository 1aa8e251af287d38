import { type FolderDetail, WORK_ORDER_DOCUMENT_TYPE, WORK_ORDER_SIGNED_MESSAGE } from 'contracts';
import { signWorkOrder } from '../../../api/folder-papers';
import { useSignedPaper } from '../../../components/papers/hooks/use-signed-paper';
import { SignablePaperCard } from '../../../components/papers/SignablePaperCard';

/** The work order: what the customer asks the workshop to do (the latest quote's lines), signed before the work. */
export function WorkOrderCard({ folder, onSigned }: { folder: FolderDetail; onSigned: () => void }) {
  const signed = useSignedPaper(folder.id, WORK_ORDER_DOCUMENT_TYPE);
  return (
    <SignablePaperCard
      signed={signed}
      signerName={[folder.firstName, folder.lastName].filter(Boolean).join(' ')}
      onSigned={onSigned}
      paper={{
        title: 'Ordre de réparation',
        signatureTitle: 'Signature de l’ordre de réparation',
        description: 'Client, véhicule, kilométrage, travaux et pièces du dernier devis : signé avant les travaux.',
        printHref: `/api/folder/${folder.id}/work-order/view`,
        acceptLabel: 'Le client a lu l’ordre de réparation et l’accepte',
        acceptRequired: 'Le client doit accepter l’ordre de réparation',
        signedMessage: WORK_ORDER_SIGNED_MESSAGE,
        showText: true,
        sign: (body) => signWorkOrder(folder.id, body),
      }}
    />
  );
}
