import type { ColumnType, SortOrder } from 'antd/es/table/interface';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ColumnFilterInput } from '../ColumnFilterInput';
import { columnLabel, MIN_COLUMN_WIDTH, type ServerTableProps } from '../server-table-props';
import { headerWidth } from './header-width';
import type { IsShown } from './use-column-visibility';
import type { TableSort } from './use-table-query';

type ColumnProps<T extends object> = Pick<
  ServerTableProps<T>,
  'columns' | 'rowHref' | 'actions' | 'actionsTitle' | 'actionsWidth'
> & {
  isShown: IsShown;
  sort: TableSort;
  filterDrafts: Record<number, string>;
  setFilter: (index: number, value: string) => void;
};

const ORDER: Record<'asc' | 'desc', SortOrder> = { asc: 'ascend', desc: 'descend' };

/**
 * The ServerColumns as antd Table columns: sortable unless told otherwise (the sort shown is the one sent),
 * a filter input under each title, hidden ones left out, the first cell a link when rows have a page, and
 * an "Actions" column at the end.
 */
export function useTableColumns<T extends object>({
  columns,
  rowHref,
  actions,
  actionsTitle,
  actionsWidth = 120,
  isShown,
  sort,
  filterDrafts,
  setFilter,
}: ColumnProps<T>): ColumnType<T>[] {
  return useMemo(() => {
    const result: ColumnType<T>[] = [];
    columns.forEach((column, index) => {
      if (!isShown(column)) return;
      const { filterable = true, exportValue: _exportValue, secondary: _secondary, dataIndex, ...rest } = column;
      const tableColumn: ColumnType<T> = {
        sorter: true,
        ...rest,
        key: dataIndex,
        dataIndex,
        sortOrder: sort.field === dataIndex ? ORDER[sort.dir] : null,
      };
      const least = headerWidth(columnLabel(column), tableColumn.sorter !== false);
      const width = tableColumn.width ?? MIN_COLUMN_WIDTH;
      if (typeof width === 'number' && width < least) tableColumn.width = least;
      if (filterable) {
        tableColumn.title = (
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
        tableColumn.render = (value, row, rowIndex) => {
          const content = (render ? render(value, row, rowIndex) : value) as ReactNode;
          const href = rowHref(row);
          return href ? <Link to={href}>{content}</Link> : content;
        };
      }
      result.push(tableColumn);
    });
    if (actions) {
      // Kept on screen at the right while the columns scroll: a wide list must not hide what a row can do.
      result.push({
        title: actionsTitle,
        key: '__actions',
        width: actionsWidth,
        fixed: 'right',
        render: (_, row) => actions(row),
      });
    }
    return result;
  }, [columns, filterDrafts, isShown, sort, rowHref, actions, actionsTitle, actionsWidth, setFilter]);
}
