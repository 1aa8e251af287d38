import { CESSION_DOCUMENT_TYPE, CESSION_NEEDS_INSURER, type FolderDetail, SIGNED_MESSAGE } from 'contracts';
import { useSignedPaper } from '../../../components/papers/hooks/use-signed-paper';
import { SignablePaperCard } from '../../../components/papers/SignablePaperCard';
import { signCession } from '../api/cession';

/** The assignment of claim: the garage is paid by the insurer directly (it needs the insurer and the claim). */
export function CessionCard({ folder, onSigned }: { folder: FolderDetail; onSigned: () => void }) {
  const signed = useSignedPaper(folder.id, CESSION_DOCUMENT_TYPE);
  return (
    <SignablePaperCard
      signed={signed}
      signerName={[folder.firstName, folder.lastName].filter(Boolean).join(' ')}
      onSigned={onSigned}
      paper={{
        title: 'Cession de créance',
        signatureTitle: 'Signature de la cession de créance',
        description: 'Le client cède au garage sa créance sur l’assureur : le garage est payé directement.',
        printHref: `/cession/${folder.id}/view`,
        notReady: folder.insurer && folder.claimNumber ? undefined : CESSION_NEEDS_INSURER,
        acceptLabel: 'Le client a lu la cession de créance et l’accepte',
        acceptRequired: 'Le client doit accepter la cession de créance',
        signedMessage: SIGNED_MESSAGE,
        showText: true,
        sign: (body) => signCession(folder.id, body),
      }}
    />
  );
}
