import { DEFAULT_PAGE_SIZE } from 'contracts';
import { useCallback, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { PagingParams, SortDir } from '../fetchers';
import { FILTER_DEBOUNCE_MS, type ServerTableProps } from '../server-table-props';

type QueryProps<T extends object> = Pick<
  ServerTableProps<T>,
  'columns' | 'defaultSort' | 'statusTabs' | 'statusColumnIndex' | 'params'
>;

/** The sort the table shows and sends: a column's dataIndex, or none. */
export type TableSort = { field: string | undefined; dir: SortDir };

/**
 * What the user asks the server for: the search box and the column filters (each debounced 500 ms), the
 * active status tab, the sort (the default one when the user clears theirs) and the page, turned into the
 * fetcher's PagingParams. Any change of what is asked for goes back to page 1, in the same render, so the
 * server is called once per change.
 */
export function useTableQuery<T extends object>({
  columns,
  defaultSort,
  statusTabs,
  statusColumnIndex,
  params,
}: QueryProps<T>) {
  const [searchDraft, setSearchDraft] = useState('');
  const [filterDrafts, setFilterDrafts] = useState<Record<number, string>>({});
  const search = useDebouncedValue(searchDraft.trim(), FILTER_DEBOUNCE_MS);
  const filters = useDebouncedValue(filterDrafts, FILTER_DEBOUNCE_MS);
  const [activeTab, setActiveTab] = useState(statusTabs?.[0]?.key);
  const initialSort: TableSort = { field: defaultSort?.field, dir: defaultSort?.dir ?? 'asc' };
  const [sort, setSortState] = useState<TableSort>(initialSort);
  const [pageState, setPageState] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE, queryKey: '' });

  const columnsMap = useMemo(() => columns.map((column) => column.dataIndex), [columns]);

  const sentFilters = useMemo(() => {
    const result: Record<number, string> = {};
    for (const [index, value] of Object.entries(filters)) if (value.trim()) result[Number(index)] = value.trim();
    const tab = statusTabs?.find((item) => item.key === activeTab);
    const tabValue = tab ? (tab.value ?? tab.key) : '';
    if (tabValue && statusColumnIndex !== undefined) result[statusColumnIndex] = tabValue;
    return result;
  }, [filters, statusTabs, activeTab, statusColumnIndex]);

  const queryKey = JSON.stringify([search, sentFilters, sort, params]);
  const page = pageState.queryKey === queryKey ? pageState.current : 1;
  const { pageSize } = pageState;

  const setFilter = useCallback((index: number, value: string) => {
    setFilterDrafts((current) => ({ ...current, [index]: value }));
  }, []);

  const setPage = useCallback(
    (current: number, size: number) =>
      setPageState((state) => ({ current: size === state.pageSize ? current : 1, pageSize: size, queryKey })),
    [queryKey],
  );

  const defaultField = defaultSort?.field;
  const defaultDir = defaultSort?.dir;
  const setSort = useCallback(
    (field: string | undefined, dir: SortDir | undefined) =>
      setSortState(field && dir ? { field, dir } : { field: defaultField, dir: defaultDir ?? 'asc' }),
    [defaultField, defaultDir],
  );

  const pagingParams = useMemo((): PagingParams => {
    const index = sort.field ? columnsMap.indexOf(sort.field) : -1;
    return {
      page,
      pageSize,
      sortField: index >= 0 ? index : undefined,
      sortDir: index >= 0 ? sort.dir : undefined,
      search: search || undefined,
      filters: sentFilters,
      columnsMap,
    };
  }, [page, pageSize, sort, columnsMap, search, sentFilters]);

  /** What to load: a new value whenever anything asked for changes, `params` included (the fetcher reads them). */
  const load = useMemo(() => ({ paging: pagingParams, queryKey }), [pagingParams, queryKey]);

  return {
    load,
    searchDraft,
    setSearchDraft,
    filterDrafts,
    setFilter,
    activeTab,
    setActiveTab,
    sort,
    setSort,
    setPage,
    pagingParams,
  };
}
