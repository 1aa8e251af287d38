import { folderApiPaths } from 'contracts';
import { useEffect, useRef } from 'react';
import { useInvalidate } from 'shared-ui';
import type { QueueState } from './step-queue';

/**
 * Each step (or signature) the queue gets recorded changes the fitter's tasks on the server, and its folder (status,
 * history, papers): what shows them reads them again. Only for what is recorded while the page is open: the page
 * reads its tasks when it opens anyway.
 */
export function useRefreshOnSent(sent: QueueState['sent']) {
  const invalidate = useInvalidate();
  const seen = useRef(sent.length);
  useEffect(() => {
    const recorded = sent.slice(seen.current);
    seen.current = sent.length;
    if (recorded.length === 0) return;
    const folders = [...new Set(recorded.map((entry) => entry.folderId))];
    void invalidate('api/fitter', ...folders.flatMap(folderApiPaths));
  }, [sent, invalidate]);
}
