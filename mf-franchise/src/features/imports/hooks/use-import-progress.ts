import { useEffect, useState } from 'react';
import { type AppEvents, eventBus } from 'shared-ui';

export type ImportProgress = AppEvents['server:import-progress'];

/**
 * Where the server stands in this import's check or run, told by the notification stream while `running` (its one
 * transaction may take a minute at 50,000 rows); null before the first word, and again once it is over.
 */
export function useImportProgress(importId: number, running: boolean): ImportProgress | null {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!running) return;
    return eventBus.on('server:import-progress', (event) => {
      if (event.importId === importId) setProgress(event);
    });
  }, [importId, running]);
  return progress;
}
