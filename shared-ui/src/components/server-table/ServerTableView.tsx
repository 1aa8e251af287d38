import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, ConfigProvider, Flex, Space, Typography } from 'antd';
// By path: the table is a shared module of its own, downloaded only by the pages that show one.
import Table from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { PAGE_SIZES } from 'contracts';
import { useRef } from 'react';
import { EmptyState } from '../feedback/EmptyState';
import { ColumnSelector } from './ColumnSelector';
import { ExportMenu } from './ExportMenu';
import { useColumnVisibility } from './hooks/use-column-visibility';
import { useHeaderFollowsFocus } from './hooks/use-header-follows-focus';
import { useRowProps } from './hooks/use-row-props';
import { useTableColumns } from './hooks/use-table-columns';
import { useTableQuery } from './hooks/use-table-query';
import { useTableRequest } from './hooks/use-table-request';
import { SearchBox } from './SearchBox';
import { StatusTabs } from './StatusTabs';
import { DEFAULT_TABLE_ERROR, MIN_COLUMN_WIDTH, type ServerTableProps } from './server-table-props';

const DIR = { ascend: 'asc', descend: 'desc' } as const;
const WRAPPING_TAGS = { style: { whiteSpace: 'normal' } } as const;

/**
 * The width under which the table scrolls inside its card: the columns' own widths, the others at their minimum.
 * Wider cards share the room out and long texts wrap in their cell (not 'max-content', which never wraps and
 * pushed the last columns off screen at 1280 px).
 */
const minimumWidth = (columns: { width?: string | number }[]) =>
  columns.reduce((total, column) => total + (typeof column.width === 'number' ? column.width : MIN_COLUMN_WIDTH), 0);

/** No rows: the page's own words, or a failed read and « Réessayer ». */
function TableEmpty({ failed, emptyText, onRetry }: { failed: boolean; emptyText?: string; onRetry: () => void }) {
  if (!failed) return <EmptyState description={emptyText ?? 'Aucune donnée'} />;
  return (
    <EmptyState
      description="Impossible de charger les données."
      action={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          Réessayer
        </Button>
      }
    />
  );
}

/**
 * ServerTable drawn with antd's Table: a card with the title and the toolbar (search, page actions,
 * exports, column choice), the status tabs, then the server-paged table, drawn by ServerTable. pro-table is
 * not used: it pulls pro-form, pro-field and most of
 * antd's inputs into every list page (~160 kB compressed), for a toolbar and a request loop written here.
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
    actionsWidth,
    toolbar,
    headerTitle,
    hideColumnSelector = false,
    exports = {},
    defaultErrorMessage = DEFAULT_TABLE_ERROR,
  } = props;
  const query = useTableQuery(props);
  const answer = useTableRequest(fetcher, query.load, defaultErrorMessage, tableKey);
  const { isShown, toggleColumn } = useColumnVisibility(tableKey, columns);
  const onRow = useRowProps(rowHref, rowDisabled);
  const card = useRef<HTMLDivElement>(null);
  useHeaderFollowsFocus(card);
  const tableColumns = useTableColumns({
    columns,
    rowHref,
    actions,
    actionsTitle,
    actionsWidth,
    isShown,
    sort: query.sort,
    filterDrafts: query.filterDrafts,
    setFilter: query.setFilter,
  });

  return (
    <Card ref={card} styles={{ body: { padding: 16 } }} data-table-key={tableKey}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text strong>{headerTitle}</Typography.Text>
        <Space wrap>
          <SearchBox placeholder={searchPlaceholder} value={query.searchDraft} onChange={query.setSearchDraft} />
          {toolbar ? <Space>{toolbar}</Space> : null}
          {exports ? (
            <ExportMenu
              rows={answer.rows}
              columns={columns}
              isShown={isShown}
              exports={exports}
              paging={query.pagingParams}
            />
          ) : null}
          {hideColumnSelector ? null : <ColumnSelector columns={columns} isShown={isShown} onToggle={toggleColumn} />}
        </Space>
      </Flex>
      {statusTabs && statusTabs.length > 0 ? (
        <StatusTabs
          tabs={statusTabs}
          activeKey={query.activeTab}
          onChange={query.setActiveTab}
          onReselect={answer.retry}
          counts={answer.statusCounts}
        />
      ) : null}
      {/* Status tags wrap in their cell like text, rather than run under the next column. */}
      <ConfigProvider tag={WRAPPING_TAGS}>
        <Table<T>
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={answer.rows}
          loading={answer.loading}
          onRow={onRow}
          scroll={{ y: '70vh', x: minimumWidth(tableColumns) }}
          sticky
          size="middle"
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const { columnKey, order } = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T>;
              query.setSort(order ? String(columnKey) : undefined, order ? DIR[order] : undefined);
            } else if (extra.action === 'paginate') {
              query.setPage(pagination.current ?? 1, pagination.pageSize ?? query.pagingParams.pageSize);
            }
          }}
          pagination={{
            current: query.pagingParams.page,
            pageSize: query.pagingParams.pageSize,
            total: answer.total,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total, [from, to]) => `${from}-${to} sur ${total}`,
          }}
          locale={{
            emptyText: <TableEmpty failed={answer.failed} emptyText={props.emptyText} onRetry={answer.retry} />,
          }}
        />
      </ConfigProvider>
    </Card>
  );
}
