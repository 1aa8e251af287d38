import { DELIVERY_REPORT_SIGNED_MESSAGE, type DeliverySignBody } from 'contracts';
import { signDeliveryReport } from '../../api/folder-papers';
import { SignablePaperCard } from './SignablePaperCard';

/**
 * The delivery report: the customer takes the vehicle back and signs, with their reservations if any (at the
 * counter from the folder page, or on the fitter's phone at the end of the intervention).
 */
export function DeliveryReportCard({
  folderId,
  signerName,
  onSigned,
  sign = (body) => signDeliveryReport(folderId, body),
  signedMessage = DELIVERY_REPORT_SIGNED_MESSAGE,
}: {
  folderId: number;
  signerName: string;
  onSigned: () => void;
  /** The fitter's phone queues the signature instead of sending it at once. */
  sign?: (body: DeliverySignBody) => Promise<unknown>;
  signedMessage?: string;
}) {
  return (
    <SignablePaperCard
      signerName={signerName}
      onSigned={onSigned}
      paper={{
        title: 'Procès-verbal de livraison',
        signatureTitle: 'Signature du procès-verbal de livraison',
        description: 'Travaux réalisés, photos après travaux et réserves du client : signé à la reprise du véhicule.',
        printHref: `/api/folder/${folderId}/delivery-report/view`,
        acceptLabel: 'Le client reprend son véhicule après avoir vérifié les travaux',
        acceptRequired: 'Le client doit confirmer la reprise de son véhicule',
        signedMessage,
        withReserves: true,
        sign,
      }}
    />
  );
}
