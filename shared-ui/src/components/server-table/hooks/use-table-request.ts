import { App } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../runtime/http';
import type { Fetcher, PagingParams } from '../fetchers';

interface Answer<T> {
  rows: T[];
  total: number;
  statusCounts: Record<string, number> | undefined;
  /** The last load failed: the empty text says so. */
  failed: boolean;
}

/**
 * Loads the page the table asks for whenever what it asks for changes (`params` included), and keeps what the rest of the table needs:
 * the rows (also for the exports), the total (pagination), the status counts (tabs) and whether the load
 * failed. An answer that arrives after a newer request was sent is dropped. A failure is toasted with the
 * server's message, or `defaultErrorMessage` when it gave none.
 */
export function useTableRequest<T>(
  fetcher: Fetcher<T>,
  load: { paging: PagingParams; queryKey: string },
  defaultErrorMessage: string,
) {
  const { message } = App.useApp();
  const [answer, setAnswer] = useState<Answer<T>>({ rows: [], total: 0, statusCounts: undefined, failed: false });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetcher(load.paging).then(
      (result) => {
        if (!current) return;
        setAnswer({ rows: result.data, total: result.totalRecords, statusCounts: result.statusCounts, failed: false });
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        message.error(errorMessage(error, defaultErrorMessage));
        setAnswer((previous) => ({ ...previous, rows: [], total: 0, failed: true }));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [fetcher, load, defaultErrorMessage, message]);

  return { ...answer, loading };
}
