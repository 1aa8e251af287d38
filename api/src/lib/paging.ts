import { DEFAULT_PAGE_SIZE, type PagingQuery } from 'contracts';

export interface ResolvedPaging<K extends string> {
  offset: number;
  limit: number;
  sort?: K;
  dir: 'asc' | 'desc';
  search?: string;
  /** Column key -> filter text. */
  filters: Partial<Record<K, string>>;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A list's paging query; without page and size, the first page (a period export reads its filter only). */
export type ListQuery = Omit<PagingQuery, 'page' | 'pageSize'> & Partial<Pick<PagingQuery, 'page' | 'pageSize'>>;

/**
 * Turns the shared paging query (column indexes into `columnsMap`) into column
 * keys this endpoint knows; unknown keys are ignored rather than trusted.
 */
export function resolvePaging<K extends string>(
  query: ListQuery,
  allowed: readonly K[],
  defaults: { sort: K; dir: 'asc' | 'desc' },
): ResolvedPaging<K> {
  const columns = parseJson(query.columnsMap);
  const keyAt = (index: number): K | undefined => {
    const key = Array.isArray(columns) ? columns[index] : undefined;
    return typeof key === 'string' && (allowed as readonly string[]).includes(key) ? (key as K) : undefined;
  };
  const sortKey = query.sortField === undefined ? undefined : keyAt(query.sortField);
  const filters: Partial<Record<K, string>> = {};
  const rawFilters = parseJson(query.filters);
  if (rawFilters && typeof rawFilters === 'object') {
    for (const [index, value] of Object.entries(rawFilters)) {
      const key = keyAt(Number(index));
      if (key && typeof value === 'string' && value.trim()) filters[key] = value.trim();
    }
  }
  const { page = 1, pageSize = DEFAULT_PAGE_SIZE } = query;
  return {
    offset: (page - 1) * pageSize,
    limit: pageSize,
    sort: sortKey ?? defaults.sort,
    dir: sortKey ? (query.sortDir ?? 'asc') : defaults.dir,
    search: query.search?.trim() || undefined,
    filters,
  };
}
