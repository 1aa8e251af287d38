import { and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { containsPattern } from './like';
import { type ListQuery, type ResolvedPaging, resolvePaging } from './paging';
import { matchesAllWords } from './search';

/*
 * The one paged list query: every list endpoint describes its list (its select with joins, the sortable
 * keys and their columns, the searched columns, the scope and its filters) and this function writes the where, the
 * order, the page and the count the same way for all. Its search is the accent-folding word search of `search.ts`,
 * so « lefevre » finds « Lefèvre » in every list, not only in the ones that wrote it by hand.
 */

type Dir = 'asc' | 'desc';

/** How one list is read; `K` is its sortable and filterable column keys (the contracts' column table). */
export interface PagedListSpec<K extends string, S extends PgSelect> {
  /** The page's select with its joins and no where (`db.select(…).from(…).$dynamic()`). */
  rows: S;
  /** `db.select({ total: count() }).from(…)` over the same joins the conditions read, `$dynamic()`. */
  count?: PgSelect;
  /** A list shown under tabs (a category, a status): each tab's count is answered beside the page. */
  tabs?: ListTabs<K>;
  /** The keys a client may sort or filter on; any other is ignored rather than trusted. */
  keys: readonly K[];
  defaultSort: { sort: K; dir: Dir };
  /** The column (or expression) each sortable key orders by. */
  sorts: Partial<Record<K, SQLWrapper>>;
  /** Where rows without a value go, whatever the direction (a list that shows its empty cells last). */
  nullsLast?: boolean;
  /** Appended to every order so that pages never repeat nor skip a row between equal values (usually the id). */
  tieBreak: SQLWrapper[];
  /** The tie-break takes the sort's direction (a list whose newest rows come first among equal dates). */
  tieBreakFollowsSort?: boolean;
  /** Folded texts (`search_fold(…)` or a `search_text` column) where each typed word is looked for. */
  search: SQL[];
  /** Which rows the caller may see at all (its garages): never optional. */
  scope: SQL;
  /** A column filter per key; a key without one is not filterable. */
  filters?: Partial<Record<K, (value: string) => SQL | undefined>>;
  /** Further conditions of this endpoint (a status tab, a period). */
  conditions?: (SQL | undefined)[];
}

/**
 * The tabs of a list: the key whose filter picks the tab, its column, and
 * `db.select({ tab: column, total: sql<number>\`count(*)::int\` }).from(…).$dynamic()` grouped here by that column.
 * Each tab counts the rows of the other conditions, so switching tabs never changes the other tabs' numbers.
 */
export interface ListTabs<K extends string> {
  key: K;
  column: SQLWrapper;
  counts: PgSelect;
  /**
   * Every tab but « TOUT »: each is answered, with 0 when no row has it, and a tab asked that is none of them shows
   * every row, as « TOUT » does.
   */
  values?: readonly string[];
}

/** A filter matching a column's text containing what was typed, case aside (the lists' usual column filter). */
export const containsFilter =
  (column: SQLWrapper) =>
  (value: string): SQL =>
    sql`coalesce((${column})::text, '') ilike ${containsPattern(value)}`;

/** The where of a list: its scope, the typed words, the column filters and its own conditions. */
export function listWhere<K extends string>(
  spec: Pick<PagedListSpec<K, PgSelect>, 'search' | 'scope' | 'filters' | 'conditions'>,
  paging: ResolvedPaging<K>,
): SQL | undefined {
  const filters = (Object.entries(paging.filters) as [K, string][]).map(([key, value]) => spec.filters?.[key]?.(value));
  return and(spec.scope, matchesAllWords(paging.search, spec.search), ...filters, ...(spec.conditions ?? []));
}

/** The order of a list: the chosen key (else the default) in its direction, then the tie-break. */
export function listOrder<K extends string>(
  spec: Pick<PagedListSpec<K, PgSelect>, 'sorts' | 'tieBreak' | 'defaultSort' | 'nullsLast' | 'tieBreakFollowsSort'>,
  paging: ResolvedPaging<K>,
): SQL[] {
  const column = spec.sorts[paging.sort ?? spec.defaultSort.sort] ?? spec.sorts[spec.defaultSort.sort];
  const direction = paging.dir === 'desc' ? sql`desc` : sql`asc`;
  const nulls = spec.nullsLast ? sql` nulls last` : sql``;
  const order = column ? [sql`${column} ${direction}${nulls}`] : [];
  const tieDirection = spec.tieBreakFollowsSort ? sql` ${direction}` : sql``;
  return [...order, ...spec.tieBreak.map((tie) => sql`${tie}${tieDirection}`)];
}

/** The counts of each tab (and `all`) over `everything`, the list's conditions but the tab's. */
/** The paging without its tab filter when the tab asked is none of the list's tabs (see `ListTabs.values`). */
function withKnownTab<K extends string>(tabs: ListTabs<K> | undefined, paging: ResolvedPaging<K>): ResolvedPaging<K> {
  const asked = tabs && paging.filters[tabs.key];
  if (!tabs?.values || asked === undefined || tabs.values.includes(asked)) return paging;
  const filters = { ...paging.filters };
  delete filters[tabs.key];
  return { ...paging, filters };
}

async function tabCounts<K extends string>(tabs: ListTabs<K>, everything: SQL | undefined) {
  const rows = (await tabs.counts.where(everything).groupBy(sql`${tabs.column}`)) as { tab: unknown; total: number }[];
  const statusCounts: Record<string, number> = {
    all: 0,
    ...Object.fromEntries((tabs.values ?? []).map((v) => [v, 0])),
  };
  for (const row of rows) {
    statusCounts[String(row.tab)] = Number(row.total);
    statusCounts.all = (statusCounts.all ?? 0) + Number(row.total);
  }
  return statusCounts;
}

/** How many rows the list's conditions select, and per tab when the list has tabs. */
async function countRows<K extends string>(spec: PagedListSpec<K, PgSelect>, paging: ResolvedPaging<K>) {
  if (!spec.tabs) {
    const counted = (await spec.count?.where(listWhere(spec, paging))) as { total?: number }[] | undefined;
    return { totalRecords: Number(counted?.[0]?.total ?? 0) };
  }
  const tab = paging.filters[spec.tabs.key];
  const others = { ...paging.filters };
  delete others[spec.tabs.key];
  const statusCounts = await tabCounts(spec.tabs, listWhere(spec, { ...paging, filters: others }));
  return { totalRecords: statusCounts[tab ?? 'all'] ?? 0, statusCounts };
}

/** One page of a list, how many rows its conditions select (`totalRecords`) and, with tabs, each tab's count. */
export async function pagedList<K extends string, S extends PgSelect>(
  spec: PagedListSpec<K, S>,
  query: ListQuery,
): Promise<{ data: Awaited<S>; totalRecords: number; statusCounts?: Record<string, number> }> {
  const paging = withKnownTab(spec.tabs, resolvePaging(query, spec.keys, spec.defaultSort));
  const [data, counts] = await Promise.all([
    spec.rows
      .where(listWhere(spec, paging))
      .orderBy(...listOrder(spec, paging))
      .limit(paging.limit)
      .offset(paging.offset),
    countRows(spec as unknown as PagedListSpec<K, PgSelect>, paging),
  ]);
  return { data: data as Awaited<S>, ...counts };
}
