import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../runtime/http';
import type { Fetcher, PagingParams } from '../fetchers';

/**
 * Reads the page the table asks for through the page's cache, under the fetcher's key (its API path, so a change
 * that invalidates that path reads the table again) followed by what is asked: search, filters, sort, page and
 * `params`. The table's own state is not touched by a re-read: its search, filters and page stay. While a new page
 * loads the previous rows stay on screen (greyed by `loading`). A failure is toasted with the server's message, or
 * `defaultErrorMessage` when it gave none, and the empty text says so with « Réessayer » (the page's cache also reads
 * a failed list again by itself once the server answers after an outage: runtime/query-client.ts).
 */
export function useTableRequest<T>(
  fetcher: Fetcher<T>,
  load: { paging: PagingParams; queryKey: string },
  defaultErrorMessage: string,
  tableKey: string,
) {
  const { message } = App.useApp();
  const query = useQuery({
    queryKey: [...(fetcher.queryKey ?? ['table', tableKey]), 'page', load.queryKey, load.paging],
    queryFn: () => fetcher(load.paging),
    placeholderData: keepPreviousData,
  });

  const { error } = query;
  useEffect(() => {
    if (error) message.error(errorMessage(error, defaultErrorMessage));
  }, [error, message, defaultErrorMessage]);

  const failed = query.isError;
  return {
    rows: failed ? [] : (query.data?.data ?? []),
    total: failed ? 0 : (query.data?.totalRecords ?? 0),
    statusCounts: query.data?.statusCounts,
    failed,
    loading: query.isFetching,
    /** « Réessayer »: the same page read again (search, filters and page kept). */
    retry: () => void query.refetch(),
  };
}
