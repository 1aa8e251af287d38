import { BILLING_DOCUMENT_SAVED } from 'contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { eventBus, useRemoteData, useSaveAction } from 'shared-ui';
import { createDocument, getDocument, updateDocument } from '../api/documents';
import { type DocumentFormValues, toDocumentBody } from '../form-values';

/** The folder page (and billing's block on it) reload when one of the folder's documents changed. */
export const announceFolderChange = (folderId: number | null | undefined) => {
  if (folderId) eventBus.emit('folder:updated', { folderId });
};

/**
 * The document behind the form: loads it (`id`), or nothing for a new one, and saves what is typed. A new
 * document is created then opened on its own page; an existing draft is updated then reloaded, so the form shows
 * what the server stored and recomputed. A refused save shows the server's message and leaves the form as typed.
 */
export function useDocumentForm(
  id: number | undefined,
  folderId: number | null = null,
  /** Called with a new document's id instead of opening its page (the quotation modal stays where it is). */
  onCreated?: (id: number) => void,
) {
  const navigate = useNavigate();
  const load = useCallback(() => getDocument(id ?? 0), [id]);
  const remote = useRemoteData(load, id !== undefined);
  const { saving, run } = useSaveAction();
  const document = remote.data;

  /** Resolves true once saved; `saving` lasts until the form shows what the server stored. */
  const save = (values: DocumentFormValues): Promise<boolean> =>
    run(
      async () => {
        const target = document?.folderId ?? folderId;
        // The sale date has no field here: an existing one is sent back unchanged.
        const { type, body } = toDocumentBody(values, target, document?.saleDate ?? null);
        if (document) {
          await updateDocument(document.id, body);
          announceFolderChange(target);
          await remote.reload();
        } else {
          const created = await createDocument(type, body);
          announceFolderChange(target);
          if (onCreated) onCreated(created.id);
          else navigate(`/quotation/show/${created.id}`);
        }
      },
      { done: BILLING_DOCUMENT_SAVED },
    );

  return { document, error: remote.error, reload: remote.reload, saving, save };
}
