import { type BillingDocument, folderApiPaths } from 'contracts';
import { useCallback } from 'react';
import { useInvalidate, useStoreAnswer } from 'shared-ui';

export const documentPath = (id: number) => `api/quotation/${id}`;

/** What a document's change makes stale beside the document: the lists of documents and payments, and its folder. */
const aroundDocument = (folderId: number | null | undefined) => [
  'api/quotation/list',
  'api/paiement/list',
  ...(folderId ? folderApiPaths(folderId) : []),
];

/**
 * The page's cache after a document changed. `stored`: the server answered the document's new state, which the page
 * shows at once (no second read); `changed`: the answer was something else, the document is read again. Either way
 * the document lists and its folder's reads (the folder page, billing's block on it) are read again when shown.
 */
export function useDocumentCache() {
  const invalidate = useInvalidate();
  const store = useStoreAnswer();
  const stored = useCallback(
    (document: BillingDocument) => {
      store(documentPath(document.id), document);
      // The other invoice of a deductible split is issued (or changed) with it.
      const partner = document.splitPartner ? [documentPath(document.splitPartner.id)] : [];
      void invalidate(...aroundDocument(document.folderId), ...partner);
    },
    [store, invalidate],
  );
  const changed = useCallback(
    (id: number, folderId: number | null | undefined) => invalidate(documentPath(id), ...aroundDocument(folderId)),
    [invalidate],
  );
  /** A document was created (or deleted): only the lists and the folder changed. */
  const listed = useCallback(
    (folderId: number | null | undefined) => invalidate(...aroundDocument(folderId)),
    [invalidate],
  );
  return { stored, changed, listed };
}
