import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../runtime/http';
import type { Fetcher, PagingParams } from './fetchers';

/**
 * Calls the fetcher for ProTable and keeps what the rest of the table needs from the answer: the rows
 * (for the exports), the status counts (for the tabs) and whether the last load failed (for the empty text).
 * A failure is toasted with the server's message, or `defaultErrorMessage` when it gave none.
 */
export function useTableRequest<T>(fetcher: Fetcher<T>, defaultErrorMessage: string) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<T[]>([]);
  const [statusCounts, setStatusCounts] = useState<Record<string, number>>();
  const lastError = useRef<string | null>(null);

  const load = useCallback(
    async (paging: PagingParams): Promise<{ data: T[]; total: number; success: boolean }> => {
      try {
        const answer = await fetcher(paging);
        lastError.current = null;
        setRows(answer.data);
        setStatusCounts(answer.statusCounts);
        return { data: answer.data, total: answer.totalRecords, success: true };
      } catch (error) {
        const text = errorMessage(error, defaultErrorMessage);
        lastError.current = text;
        message.error(text);
        setRows([]);
        return { data: [], total: 0, success: false };
      }
    },
    [fetcher, defaultErrorMessage, message],
  );

  return { load, rows, statusCounts, lastError };
}
