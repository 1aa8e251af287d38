import type { SortOrder } from 'antd/es/table/interface';
import { DEFAULT_PAGE_SIZE } from 'contracts';
import { useCallback, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import type { PagingParams, SortDir } from './fetchers';
import { FILTER_DEBOUNCE_MS, type ServerTableProps } from './server-table-props';

type QueryProps<T extends object> = Pick<
  ServerTableProps<T>,
  'columns' | 'defaultSort' | 'statusTabs' | 'statusColumnIndex' | 'params'
>;

/** What ProTable hands to its `request`: the page it shows and the sort of its headers. */
export type TablePage = { current?: number; pageSize?: number };
export type TableSort = Record<string, SortOrder>;

const toDir = (order: SortOrder | undefined): SortDir | undefined =>
  order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined;

/**
 * What the user asks the server for: the search box and the column filters (each debounced 500 ms),
 * the active status tab, and the page and sort ProTable reports, turned into the fetcher's PagingParams.
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

  const columnsMap = useMemo(() => columns.map((column) => column.dataIndex), [columns]);

  const sentFilters = useMemo(() => {
    const result: Record<number, string> = {};
    for (const [index, value] of Object.entries(filters)) if (value.trim()) result[Number(index)] = value.trim();
    const tab = statusTabs?.find((item) => item.key === activeTab);
    const tabValue = tab ? (tab.value ?? tab.key) : '';
    if (tabValue && statusColumnIndex !== undefined) result[statusColumnIndex] = tabValue;
    return result;
  }, [filters, statusTabs, activeTab, statusColumnIndex]);

  const setFilter = useCallback((index: number, value: string) => {
    setFilterDrafts((current) => ({ ...current, [index]: value }));
  }, []);

  /** ProTable reloads from page 1 whenever these change. */
  const tableParams = useMemo(
    () => ({ search, filters: JSON.stringify(sentFilters), ...params }),
    [search, sentFilters, params],
  );

  const toPagingParams = useCallback(
    (page: TablePage, sort: TableSort): PagingParams => {
      const [sortKey, sortOrder] = Object.entries(sort).find(([, order]) => order) ?? [];
      const field = sortKey ?? defaultSort?.field;
      const dir = sortKey ? toDir(sortOrder) : defaultSort?.dir;
      const index = field ? columnsMap.indexOf(field) : -1;
      return {
        page: page.current ?? 1,
        pageSize: page.pageSize ?? DEFAULT_PAGE_SIZE,
        sortField: index >= 0 ? index : undefined,
        sortDir: index >= 0 ? dir : undefined,
        search: search || undefined,
        filters: sentFilters,
        columnsMap,
      };
    },
    [columnsMap, defaultSort, search, sentFilters],
  );

  return {
    searchDraft,
    setSearchDraft,
    filterDrafts,
    setFilter,
    activeTab,
    setActiveTab,
    tableParams,
    toPagingParams,
  };
}
