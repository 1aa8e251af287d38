import type { ProColumnType } from '@ant-design/pro-table';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ColumnFilterInput } from './ColumnFilterInput';
import { columnLabel, type ServerTableProps } from './server-table-props';
import type { Visibility } from './use-column-visibility';

type ColumnProps<T extends object> = Pick<
  ServerTableProps<T>,
  'columns' | 'defaultSort' | 'rowHref' | 'actions' | 'actionsTitle'
> & {
  visibility: Visibility;
  filterDrafts: Record<number, string>;
  setFilter: (index: number, value: string) => void;
};

/**
 * The ServerColumns as ProTable columns: sortable unless told otherwise, a filter input under each title,
 * hidden ones hidden, the first cell a link when rows have a page, and an "Actions" column at the end.
 */
export function useProColumns<T extends object>({
  columns,
  defaultSort,
  rowHref,
  actions,
  actionsTitle,
  visibility,
  filterDrafts,
  setFilter,
}: ColumnProps<T>): ProColumnType<T>[] {
  return useMemo(() => {
    const result: ProColumnType<T>[] = columns.map((column, index) => {
      const { filterable = true, exportValue: _exportValue, dataIndex, ...rest } = column;
      const proColumn: ProColumnType<T> = {
        sorter: true,
        ...rest,
        key: dataIndex,
        dataIndex,
        search: false,
        hideInTable: visibility[dataIndex] === false,
        defaultSortOrder:
          defaultSort?.field === dataIndex ? (defaultSort.dir === 'asc' ? 'ascend' : 'descend') : undefined,
      };
      if (filterable) {
        proColumn.title = (
          <div>
            <div>{column.title as ReactNode}</div>
            <ColumnFilterInput
              label={columnLabel(column)}
              value={filterDrafts[index] ?? ''}
              onChange={(value) => setFilter(index, value)}
            />
          </div>
        );
      }
      if (index === 0 && rowHref) {
        const render = column.render;
        proColumn.render = (dom, row, rowIndex, action, schema) => (
          <Link to={rowHref(row)}>{(render ? render(dom, row, rowIndex, action, schema) : dom) as ReactNode}</Link>
        );
      }
      return proColumn;
    });
    if (actions) {
      result.push({
        title: actionsTitle,
        key: '__actions',
        search: false,
        sorter: false,
        width: 120,
        render: (_, row) => actions(row),
      });
    }
    return result;
  }, [columns, filterDrafts, visibility, defaultSort, rowHref, actions, actionsTitle, setFilter]);
}
