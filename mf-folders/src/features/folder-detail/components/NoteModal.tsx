import { FOLDER_NOTE_LABELS, FOLDER_NOTE_SAVED, type FolderNoteKind, NOTE_REQUIRED_MESSAGE } from 'contracts';
import { useFeedback } from 'shared-ui';
import { addNote } from '../api/add-note';
import { RichTextModal } from './RichTextModal';

/** The comment, relance and anomaly modals: a rich-text note written to the folder's history. */
export function NoteModal({
  folderId,
  kind,
  onClose,
  onSaved,
}: {
  folderId: number;
  kind: FolderNoteKind | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const feedback = useFeedback();
  return (
    <RichTextModal
      open={kind !== undefined}
      title={kind ? FOLDER_NOTE_LABELS[kind] : ''}
      label={kind ? FOLDER_NOTE_LABELS[kind] : 'Texte'}
      requiredMessage={NOTE_REQUIRED_MESSAGE}
      onClose={onClose}
      onSave={async (content) => {
        if (!kind) return;
        await addNote(folderId, { kind, content });
        feedback.success(FOLDER_NOTE_SAVED[kind]);
        onSaved();
      }}
    />
  );
}
