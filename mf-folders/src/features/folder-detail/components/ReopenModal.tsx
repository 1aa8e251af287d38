import { REOPEN_REASON_MESSAGE } from 'contracts';
import { useFeedback } from 'shared-ui';
import { reopenFolder } from '../api/folder-activity';
import { RichTextModal } from './RichTextModal';

/** "Rouvrir le dossier": back to "open", with the reason written to the history. */
export function ReopenModal({
  folderId,
  open,
  onClose,
  onSaved,
}: {
  folderId: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const feedback = useFeedback();
  return (
    <RichTextModal
      open={open}
      title="Rouvrir le dossier"
      label="Motif de réouverture"
      requiredMessage={REOPEN_REASON_MESSAGE}
      okText="Rouvrir"
      onClose={onClose}
      onSave={async (comment) => {
        await reopenFolder(folderId, { comment });
        feedback.success('Dossier rouvert');
        onSaved();
      }}
    />
  );
}
