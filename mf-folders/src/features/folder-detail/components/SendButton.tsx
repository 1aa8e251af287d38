import { Button, Popconfirm, Tooltip } from 'antd';
import { FOLDER_SENT_MESSAGE, type FolderDetail, SEND_NEEDS_INSURER } from 'contracts';
import { useState } from 'react';
import { formatDateTime, useFeedback } from 'shared-ui';
import { sendFolder } from '../api/folder-activity';

/** "Envoyer à l'assureur": confirmed first, then dated in the history and notified ("envoi"). */
export function SendButton({ folder, onSent }: { folder: FolderDetail; onSent: () => void }) {
  const feedback = useFeedback();
  const [sending, setSending] = useState(false);
  const label = folder.sentAt ? 'Renvoyer à l’assureur' : 'Envoyer à l’assureur';

  if (!folder.insurer) {
    return (
      <Tooltip title={SEND_NEEDS_INSURER}>
        <Button disabled>{label}</Button>
      </Tooltip>
    );
  }
  const send = async () => {
    setSending(true);
    try {
      await sendFolder(folder.id);
      feedback.success(FOLDER_SENT_MESSAGE);
      onSent();
    } catch (error) {
      feedback.error(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Popconfirm
      title={`Envoyer le dossier à ${folder.insurer} ?`}
      description={folder.sentAt ? `Déjà envoyé le ${formatDateTime(folder.sentAt)}.` : undefined}
      okText="Envoyer"
      cancelText="Annuler"
      onConfirm={send}
    >
      <Button loading={sending}>{label}</Button>
    </Popconfirm>
  );
}
