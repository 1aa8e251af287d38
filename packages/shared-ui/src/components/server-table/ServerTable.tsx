import { CheckOutlined, DownloadOutlined, DownOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import { type ProColumnType, ProTable } from '@ant-design/pro-table';
import { App, Button, Dropdown, Input, type InputRef, Space, Tabs, theme } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from 'contracts';
import type React from 'react';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { errorMessage } from '../../runtime/http';
import { EmptyState } from '../feedback/EmptyState';
import {
  CSV_DEFAULT_NAME,
  downloadBlob,
  EXCEL_DEFAULT_NAME,
  type ExportColumn,
  openPrintView,
  toCsv,
  toPrintHtml,
  toXlsx,
} from './exports';
import type { Fetcher, PagingParams, SortDir } from './fetchers';

export const FILTER_DEBOUNCE_MS = 500;
export const DEFAULT_TABLE_ERROR = 'Erreur lors du chargement des données';

/** A ProTable column whose `dataIndex` is a plain key: its position in `columns` is the `sortField` sent. */
export type ServerColumn<T> = Omit<ProColumnType<T>, 'dataIndex' | 'key'> & {
  dataIndex: string;
  /** Column filter input (default true). */
  filterable?: boolean;
  /** Value written to CSV/Excel/print (default: the raw field, HTML stripped). */
  exportValue?: (row: T) => unknown;
};

export interface StatusTab {
  key: string;
  label: string;
  /** Filter value sent on `statusColumnIndex`; '' sends none (the "TOUT" tab). Defaults to `key`. */
  value?: string;
}

export interface ServerTableExports {
  csvName?: string;
  excelName?: string;
  printName?: string;
  /** Excel column widths in characters, by dataIndex. */
  excelWidths?: Record<string, number>;
}

export interface ServerTableProps<T extends object> {
  /** Persists the column choice in localStorage under `visibleColumns-<tableKey>`. */
  tableKey: string;
  columns: ServerColumn<T>[];
  fetcher: Fetcher<T>;
  rowKey?: string;
  searchPlaceholder?: string;
  defaultSort?: { field: string; dir: SortDir };
  statusTabs?: StatusTab[];
  statusColumnIndex?: number;
  rowHref?: (row: T) => string;
  rowDisabled?: (row: T) => boolean;
  actions?: (row: T) => ReactNode;
  actionsTitle?: string;
  toolbar?: ReactNode;
  headerTitle?: ReactNode;
  hideColumnSelector?: boolean;
  /** Shows the "Exporter" menu; `false` hides it. */
  exports?: ServerTableExports | false;
  defaultErrorMessage?: string;
  /** Extra values the fetcher depends on: any change reloads from page 1. */
  params?: Record<string, string | number | boolean | null | undefined>;
}

type Visibility = Record<string, boolean>;

const storageKey = (tableKey: string) => `visibleColumns-${tableKey}`;

function readVisibility(tableKey: string): Visibility {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(tableKey)) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Visibility) : {};
  } catch {
    return {};
  }
}

function writeVisibility(tableKey: string, visibility: Visibility): void {
  try {
    localStorage.setItem(storageKey(tableKey), JSON.stringify(visibility));
  } catch {
    // Storage full or blocked: the choice lasts for this page.
  }
}

interface ColumnFilterInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onClick: (event: React.SyntheticEvent) => void;
  onKeyDown: (event: React.SyntheticEvent) => void;
}

/**
 * With a fixed header (scroll.y) antd renders the titles a second time in an aria-hidden measuring row;
 * that copy of the input must not be reachable with Tab (axe: aria-hidden-focus).
 */
function ColumnFilterInput({ label, value, onChange, onClick, onKeyDown }: ColumnFilterInputProps) {
  const ref = useRef<InputRef>(null);
  useLayoutEffect(() => {
    const input = ref.current?.input;
    if (input?.closest('[aria-hidden="true"]')) input.tabIndex = -1;
  }, []);
  return (
    <Input
      ref={ref}
      size="small"
      allowClear
      aria-label={`Filtrer la colonne ${label}`}
      placeholder="Filtrer"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onClick={onClick}
      onKeyDown={onKeyDown}
      style={{ marginTop: 4, minWidth: 90, fontWeight: 'normal' }}
    />
  );
}

const INTERACTIVE = 'a,button,input,select,textarea,label,[role="button"],[role="menuitem"],.ant-dropdown';

const toDir = (order: SortOrder | undefined): SortDir | undefined =>
  order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined;

function titleText(title: unknown, fallback: string): string {
  return typeof title === 'string' ? title : fallback;
}

/**
 * The one server-paged table (style rule 4): a list page gives columns, a
 * fetcher and a toolbar; paging, sorting, debounced filters and search, status
 * tabs, column visibility and exports live here.
 */
export function ServerTable<T extends object>({
  tableKey,
  columns,
  fetcher,
  rowKey = 'id',
  searchPlaceholder = 'Rechercher…',
  defaultSort,
  statusTabs,
  statusColumnIndex,
  rowHref,
  rowDisabled,
  actions,
  actionsTitle = 'Actions',
  toolbar,
  headerTitle,
  hideColumnSelector = false,
  exports = {},
  defaultErrorMessage = DEFAULT_TABLE_ERROR,
  params,
}: ServerTableProps<T>) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();

  const [searchDraft, setSearchDraft] = useState('');
  const [filterDrafts, setFilterDrafts] = useState<Record<number, string>>({});
  const search = useDebouncedValue(searchDraft.trim(), FILTER_DEBOUNCE_MS);
  const filters = useDebouncedValue(filterDrafts, FILTER_DEBOUNCE_MS);
  const [activeTab, setActiveTab] = useState(statusTabs?.[0]?.key);
  const [statusCounts, setStatusCounts] = useState<Record<string, number>>();
  const [rows, setRows] = useState<T[]>([]);
  const [visibility, setVisibility] = useState<Visibility>(() => readVisibility(tableKey));
  const [columnsOpen, setColumnsOpen] = useState(false);
  const lastError = useRef<string | null>(null);

  const columnsMap = useMemo(() => columns.map((column) => column.dataIndex), [columns]);

  const sentFilters = useMemo(() => {
    const result: Record<number, string> = {};
    for (const [index, value] of Object.entries(filters)) if (value.trim()) result[Number(index)] = value.trim();
    const tab = statusTabs?.find((item) => item.key === activeTab);
    const tabValue = tab ? (tab.value ?? tab.key) : '';
    if (tabValue && statusColumnIndex !== undefined) result[statusColumnIndex] = tabValue;
    return result;
  }, [filters, statusTabs, activeTab, statusColumnIndex]);

  const toggleColumn = useCallback(
    (key: string) => {
      setVisibility((current) => {
        const next = { ...current, [key]: current[key] === false };
        writeVisibility(tableKey, next);
        return next;
      });
    },
    [tableKey],
  );

  const setFilter = useCallback((index: number, value: string) => {
    setFilterDrafts((current) => ({ ...current, [index]: value }));
  }, []);

  const proColumns = useMemo(() => {
    const result: ProColumnType<T>[] = columns.map((column, index) => {
      const { filterable = true, exportValue: _exportValue, dataIndex, ...rest } = column;
      const label = titleText(column.title, dataIndex);
      const draft = filterDrafts[index] ?? '';
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
        // An input in the header (not antd's filter dropdown, whose trigger is not focusable): visible and
        // reachable with Tab; clicks and keys stop here so they do not toggle the column's sort.
        const stop = (event: React.SyntheticEvent) => event.stopPropagation();
        proColumn.title = (
          <div>
            <div>{column.title as ReactNode}</div>
            <ColumnFilterInput
              label={label}
              value={draft}
              onChange={(value) => setFilter(index, value)}
              onClick={stop}
              onKeyDown={stop}
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

  const exportColumns = useMemo<ExportColumn<T>[]>(
    () =>
      columns
        .filter((column) => visibility[column.dataIndex] !== false)
        .map((column) => ({
          key: column.dataIndex,
          title: titleText(column.title, column.dataIndex),
          value: column.exportValue,
        })),
    [columns, visibility],
  );

  const onExport = useCallback(
    async (kind: string) => {
      if (!exports) return;
      if (kind === 'csv') {
        downloadBlob(toCsv(rows, exportColumns), 'text/csv;charset=utf-8', exports.csvName ?? CSV_DEFAULT_NAME);
      } else if (kind === 'excel') {
        const bytes = await toXlsx(rows, exportColumns, exports.excelWidths);
        downloadBlob(
          bytes.slice().buffer as ArrayBuffer,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          exports.excelName ?? EXCEL_DEFAULT_NAME,
        );
      } else if (kind === 'print') {
        openPrintView(toPrintHtml(rows, exportColumns, exports.printName ?? 'Impression'));
      }
    },
    [exports, rows, exportColumns],
  );

  const requestData = useCallback(
    async (
      pageParams: { current?: number; pageSize?: number },
      sort: Record<string, SortOrder>,
    ): Promise<{ data: T[]; total: number; success: boolean }> => {
      const [sortKey, sortOrder] = Object.entries(sort).find(([, order]) => order) ?? [];
      const field = sortKey ?? defaultSort?.field;
      const dir = sortKey ? toDir(sortOrder) : defaultSort?.dir;
      const index = field ? columnsMap.indexOf(field) : -1;
      const paging: PagingParams = {
        page: pageParams.current ?? 1,
        pageSize: pageParams.pageSize ?? DEFAULT_PAGE_SIZE,
        sortField: index >= 0 ? index : undefined,
        sortDir: index >= 0 ? dir : undefined,
        search: search || undefined,
        filters: sentFilters,
        columnsMap,
      };
      try {
        const answer = await fetcher(paging);
        lastError.current = null;
        setRows(answer.data);
        setStatusCounts(answer.statusCounts);
        return { data: answer.data, total: answer.totalRecords, success: true };
      } catch (error) {
        const text = errorMessage(error, defaultErrorMessage);
        lastError.current = text;
        message.error(text);
        setRows([]);
        return { data: [], total: 0, success: false };
      }
    },
    [fetcher, columnsMap, defaultSort, search, sentFilters, defaultErrorMessage, message],
  );

  const onRow = useCallback(
    (row: T) => {
      const disabled = rowDisabled?.(row) ?? false;
      const attributes: React.HTMLAttributes<HTMLElement> & { 'aria-disabled'?: boolean } = {};
      if (disabled) {
        attributes['aria-disabled'] = true;
        attributes.style = {
          color: token.colorTextSecondary,
          background: token.colorFillTertiary,
          fontStyle: 'italic',
        };
      }
      if (rowHref) {
        const href = rowHref(row);
        const isInteractive = (target: EventTarget) => target instanceof Element && target.closest(INTERACTIVE);
        attributes.style = { ...attributes.style, cursor: 'pointer' };
        attributes.onClick = (event) => {
          if (isInteractive(event.target)) return;
          if (event.ctrlKey || event.metaKey || event.shiftKey) window.open(href, '_blank', 'noopener');
          else navigate(href);
        };
        attributes.onAuxClick = (event) => {
          if (event.button === 1 && !isInteractive(event.target)) window.open(href, '_blank', 'noopener');
        };
      }
      return attributes;
    },
    [rowDisabled, rowHref, navigate, token.colorTextSecondary, token.colorFillTertiary],
  );

  const columnItems = columns.map((column) => ({
    key: column.dataIndex,
    icon: <CheckOutlined style={{ visibility: visibility[column.dataIndex] === false ? 'hidden' : 'visible' }} />,
    label: titleText(column.title, column.dataIndex),
  }));

  const toolbarItems: ReactNode[] = [
    <Input
      key="search"
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      aria-label={searchPlaceholder}
      placeholder={searchPlaceholder}
      value={searchDraft}
      onChange={(event) => setSearchDraft(event.target.value)}
      style={{ width: 260 }}
    />,
  ];
  if (toolbar) toolbarItems.push(<Space key="toolbar">{toolbar}</Space>);
  if (exports) {
    toolbarItems.push(
      <Dropdown
        key="exports"
        trigger={['click']}
        autoFocus
        menu={{
          items: [
            { key: 'csv', label: 'Exporter CSV' },
            { key: 'print', label: 'Imprimer' },
            { key: 'excel', label: 'Exporter Excel' },
          ],
          onClick: ({ key }) => {
            void onExport(key);
          },
        }}
      >
        <Button icon={<DownloadOutlined />}>
          Exporter <DownOutlined />
        </Button>
      </Dropdown>,
    );
  }
  if (!hideColumnSelector) {
    toolbarItems.push(
      <Dropdown
        key="columns"
        trigger={['click']}
        autoFocus
        open={columnsOpen}
        onOpenChange={(open, info) => {
          if (info.source === 'trigger' || !open) setColumnsOpen(open);
        }}
        menu={{ items: columnItems, onClick: ({ key }) => toggleColumn(key) }}
      >
        <Button icon={<TableOutlined />} aria-label="Choisir les colonnes affichées">
          Colonnes
        </Button>
      </Dropdown>,
    );
  }

  const tableParams = useMemo(
    () => ({ search, filters: JSON.stringify(sentFilters), ...params }),
    [search, sentFilters, params],
  );

  return (
    <div>
      {statusTabs && statusTabs.length > 0 ? (
        <Tabs
          activeKey={activeTab}
          onChange={setActiveTab}
          items={statusTabs.map((tab) => ({
            key: tab.key,
            label: `${tab.label} (${statusCounts?.[tab.key] ?? 0})`,
          }))}
        />
      ) : null}
      <ProTable<T, typeof tableParams>
        rowKey={rowKey}
        columns={proColumns}
        params={tableParams}
        request={(pageParams, sort) => requestData(pageParams, sort)}
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
