import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type ServerTableView from './ServerTableView';
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

// lazy() keeps the view's props but not its type parameter T: the cast gives the generic signature back.
const LazyServerTableView = lazy(() => import('./ServerTableView')) as unknown as typeof ServerTableView;

/**
 * The one server-paged table (style rule 4): a list page gives columns, a fetcher and a toolbar; paging,
 * sorting, debounced filters and search, status tabs, column visibility and exports live in the view.
 * The view, and antd's Table with what it pulls in, load on its first render: an app that imports
 * shared-ui for anything else (the shell's top bar) does not download them.
 */
export function ServerTable<T extends object>(props: ServerTableProps<T>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <LazyServerTableView<T> {...props} />
    </Suspense>
  );
}
