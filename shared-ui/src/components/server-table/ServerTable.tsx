import ServerTableView from './ServerTableView';
import type { ServerTableProps } from './server-table-props';

export {
  DEFAULT_TABLE_ERROR,
  FILTER_DEBOUNCE_MS,
  type PeriodExportOptions,
  type ServerColumn,
  type ServerTableExports,
  type ServerTableProps,
  type StatusTab,
} from './server-table-props';

/**
 * The one server-paged table (style rule 4): a list page gives columns, a fetcher and a toolbar; paging,
 * sorting, debounced filters and search, status tabs, column visibility and exports live in the view.
 * The view comes with the page that draws it, in the page's own chunk (every page of a remote is one,
 * loaded when opened), and antd's Table (a shared module of its own) is fetched with that chunk: a list's
 * code arrives in one wave, and its first page is asked as soon as it runs. An app importing shared-ui for
 * anything else (the shell's top bar) does not get them: nothing it runs imports this file.
 */
export function ServerTable<T extends object>(props: ServerTableProps<T>) {
  return <ServerTableView<T> {...props} />;
}
