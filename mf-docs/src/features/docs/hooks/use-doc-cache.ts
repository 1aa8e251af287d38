import type { DocPage } from 'contracts';
import { useCallback } from 'react';
import { useInvalidate, useStoreAnswer } from 'shared-ui';

/** GET /api/docs/pages/{id}: a page's read, its key in the page's cache. */
export const docPagePath = (id: number) => `api/docs/pages/${id}`;

/**
 * After a page was saved, created or brought back to a past version. The server answers the page as it now is: the
 * cache takes it, so the page shows it at once without reading it again (the server logs every read). Its place or
 * title may have changed, and it has one more version: the table of contents and its versions read again.
 */
export function useDocSaved() {
  const store = useStoreAnswer();
  const invalidate = useInvalidate();
  return useCallback(
    (page: DocPage) => {
      store(docPagePath(page.id), page);
      void invalidate('api/docs/tree', `${docPagePath(page.id)}/versions`);
    },
    [store, invalidate],
  );
}
