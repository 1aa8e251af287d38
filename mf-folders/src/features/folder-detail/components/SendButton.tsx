import { Button, Popconfirm, Tooltip } from 'antd';
import { FOLDER_SENT_MESSAGE, type FolderDetail, SEND_NEEDS_INSURER } from 'contracts';
import { formatDateTime, useSaveAction } from 'shared-ui';
import { sendFolder } from '../api/folder-activity';

/** "Envoyer à l'assureur": confirmed first, then dated in the history and notified ("envoi"). */
export function SendButton({ folder, onSent }: { folder: FolderDetail; onSent: () => void }) {
  const { saving, run } = useSaveAction();
  const label = folder.sentAt ? 'Renvoyer à l’assureur' : 'Envoyer à l’assureur';

  if (!folder.insurer) {
    return (
      <Tooltip title={SEND_NEEDS_INSURER}>
        <Button disabled>{label}</Button>
      </Tooltip>
    );
  }
  // Returned to Popconfirm, which keeps « Envoyer » spinning until the call ends.
  const send = async () => {
    if (await run(() => sendFolder(folder.id), { done: FOLDER_SENT_MESSAGE })) onSent();
  };
  return (
    <Popconfirm
      title={`Envoyer le dossier à ${folder.insurer} ?`}
      description={folder.sentAt ? `Déjà envoyé le ${formatDateTime(folder.sentAt)}.` : undefined}
      okText="Envoyer"
      cancelText="Annuler"
      onConfirm={send}
    >
      <Button loading={saving}>{label}</Button>
    </Popconfirm>
  );
}
