import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
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
import type { PagingParams } from './fetchers';
import type { IsShown } from './hooks/use-column-visibility';
import { columnLabel, type ServerColumn, type ServerTableExports } from './server-table-props';

interface ExportMenuProps<T> {
  /** The rows of the page on screen: that is what gets exported. */
  rows: T[];
  columns: ServerColumn<T>[];
  isShown: IsShown;
  exports: ServerTableExports;
  /** What the table asks for now (the period export sends its search, filters and tab). */
  paging: PagingParams;
}

const ITEMS = [
  { key: 'csv', label: 'Exporter CSV' },
  { key: 'print', label: 'Imprimer' },
  { key: 'excel', label: 'Exporter Excel' },
];
export const PERIOD_EXPORT_ITEM = 'Exporter la période…';

// The modal loads when someone opens it: the lists' first paint does not wait for it.
const PeriodExportModal = lazy(() =>
  import('./PeriodExportModal').then((module) => ({ default: module.PeriodExportModal })),
);

/**
 * The "Exporter" menu: the rows on screen, visible columns only, as CSV, Excel or a print view; with `period`, also
 * every row of the current filter over chosen days, written by the server.
 */
export function ExportMenu<T>({ rows, columns, isShown, exports, paging }: ExportMenuProps<T>) {
  const [periodOpen, setPeriodOpen] = useState(false);
  const exportColumns = useMemo<ExportColumn<T>[]>(
    () =>
      columns
        .filter(isShown)
        .map((column) => ({ key: column.dataIndex, title: columnLabel(column), value: column.exportValue })),
    [columns, isShown],
  );

  const onExport = useCallback(
    async (kind: string) => {
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
      } else if (kind === 'period') {
        setPeriodOpen(true);
      }
    },
    [exports, rows, exportColumns],
  );

  const items = useMemo(
    () => (exports.period ? [...ITEMS, { key: 'period', label: PERIOD_EXPORT_ITEM }] : ITEMS),
    [exports.period],
  );

  return (
    <>
      <Dropdown
        trigger={['click']}
        autoFocus
        menu={{
          items,
          onClick: ({ key }) => {
            void onExport(key);
          },
        }}
      >
        <Button icon={<DownloadOutlined />}>
          Exporter <DownOutlined />
        </Button>
      </Dropdown>
      {periodOpen && exports.period ? (
        <Suspense fallback={null}>
          <PeriodExportModal {...exports.period} paging={paging} onClose={() => setPeriodOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
