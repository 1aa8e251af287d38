import { BILLING_DOCUMENT_SAVED, type DocumentBody } from 'contracts';
import { useNavigate } from 'react-router-dom';
import { useApiQuery, useSaveAction } from 'shared-ui';
import { createDocument, getDocument, updateDocument } from '../api/documents';
import { type DocumentFormValues, toDocumentBody } from '../form-values';
import { documentPath, useDocumentCache } from './use-document-cache';

/**
 * The document behind the form: reads it (`id`), or nothing for a new one, and saves what is typed. A new
 * document is created then opened on its own page; an existing draft is updated in one call whose answer (what the
 * server stored and recomputed) the form then shows. A refused save shows the server's message and leaves the form
 * as typed.
 */
export function useDocumentForm(
  id: number | undefined,
  folderId: number | null = null,
  /** Called with a new document's id instead of opening its page (the quotation modal stays where it is). */
  onCreated?: (id: number) => void,
) {
  const navigate = useNavigate();
  const query = useApiQuery(id === undefined ? null : documentPath(id), () => getDocument(id ?? 0));
  const cache = useDocumentCache();
  const { saving, run } = useSaveAction();
  const document = query.data;

  /** The body a save or an issue sends for these values (the sale date has no field: an existing one goes back). */
  const bodyOf = (values: DocumentFormValues) =>
    toDocumentBody(values, document?.folderId ?? folderId, document?.saleDate ?? null);

  /** Saves an existing draft's body; resolves true once the page shows what the server stored. */
  const saveBody = (body: DocumentBody): Promise<boolean> =>
    run(async () => cache.stored(await updateDocument(document?.id ?? 0, body)), { done: BILLING_DOCUMENT_SAVED });

  /** Resolves true once saved. */
  const save = (values: DocumentFormValues): Promise<boolean> => {
    const { type, body } = bodyOf(values);
    if (document) return saveBody(body);
    return run(
      async () => {
        const created = await createDocument(type, body);
        void cache.listed(folderId);
        if (onCreated) onCreated(created.id);
        else navigate(`/quotation/show/${created.id}`);
      },
      { done: BILLING_DOCUMENT_SAVED },
    );
  };

  return { document, error: query.error, refetch: query.refetch, saving, save, saveBody, bodyOf };
}
