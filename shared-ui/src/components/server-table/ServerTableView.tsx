import { ProTable } from '@ant-design/pro-table';
import { Space } from 'antd';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from 'contracts';
import type { ReactNode } from 'react';
import { EmptyState } from '../feedback/EmptyState';
import { ColumnSelector } from './ColumnSelector';
import { ExportMenu } from './ExportMenu';
import { SearchBox } from './SearchBox';
import { StatusTabs } from './StatusTabs';
import { DEFAULT_TABLE_ERROR, type ServerTableProps } from './server-table-props';
import { useColumnVisibility } from './use-column-visibility';
import { useProColumns } from './use-pro-columns';
import { useRowProps } from './use-row-props';
import { useTableQuery } from './use-table-query';
import { useTableRequest } from './use-table-request';

/**
 * ServerTable drawn with ProTable: the one module of shared-ui that loads pro-table, so it is loaded
 * on demand by ServerTable (a default export, as React.lazy wants).
 */
export default function ServerTableView<T extends object>(props: ServerTableProps<T>) {
  const {
    tableKey,
    columns,
    fetcher,
    rowKey = 'id',
    searchPlaceholder = 'Rechercher…',
    statusTabs,
    rowHref,
    rowDisabled,
    actions,
    actionsTitle = 'Actions',
    toolbar,
    headerTitle,
    hideColumnSelector = false,
    exports = {},
    defaultErrorMessage = DEFAULT_TABLE_ERROR,
  } = props;
  const query = useTableQuery(props);
  const { load, rows, statusCounts, lastError } = useTableRequest(fetcher, defaultErrorMessage);
  const { visibility, toggleColumn } = useColumnVisibility(tableKey);
  const onRow = useRowProps(rowHref, rowDisabled);
  const proColumns = useProColumns({
    columns,
    defaultSort: props.defaultSort,
    rowHref,
    actions,
    actionsTitle,
    visibility,
    filterDrafts: query.filterDrafts,
    setFilter: query.setFilter,
  });

  const toolbarItems: ReactNode[] = [
    <SearchBox
      key="search"
      placeholder={searchPlaceholder}
      value={query.searchDraft}
      onChange={query.setSearchDraft}
    />,
  ];
  if (toolbar) toolbarItems.push(<Space key="toolbar">{toolbar}</Space>);
  if (exports) {
    toolbarItems.push(
      <ExportMenu key="exports" rows={rows} columns={columns} visibility={visibility} exports={exports} />,
    );
  }
  if (!hideColumnSelector) {
    toolbarItems.push(
      <ColumnSelector key="columns" columns={columns} visibility={visibility} onToggle={toggleColumn} />,
    );
  }

  return (
    <div>
      {statusTabs && statusTabs.length > 0 ? (
        <StatusTabs tabs={statusTabs} activeKey={query.activeTab} onChange={query.setActiveTab} counts={statusCounts} />
      ) : null}
      <ProTable<T, typeof query.tableParams>
        rowKey={rowKey}
        columns={proColumns}
        params={query.tableParams}
        request={(page, sort) => load(query.toPagingParams(page, sort))}
        search={false}
        options={false}
        headerTitle={headerTitle}
        toolBarRender={() => toolbarItems}
        onRow={onRow}
        scroll={{ y: '70vh' }}
        sticky
        cardBordered
        pagination={{
          defaultPageSize: DEFAULT_PAGE_SIZE,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total, [from, to]) => `${from}-${to} sur ${total}`,
        }}
        locale={{
          emptyText: (
            <EmptyState description={lastError.current ? 'Impossible de charger les données.' : 'Aucune donnée'} />
          ),
        }}
      />
    </div>
  );
}
