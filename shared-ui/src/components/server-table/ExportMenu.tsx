import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useCallback, useMemo } from 'react';
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
import { columnLabel, type ServerColumn, type ServerTableExports } from './server-table-props';
import type { Visibility } from './use-column-visibility';

interface ExportMenuProps<T> {
  /** The rows of the page on screen: that is what gets exported. */
  rows: T[];
  columns: ServerColumn<T>[];
  visibility: Visibility;
  exports: ServerTableExports;
}

const ITEMS = [
  { key: 'csv', label: 'Exporter CSV' },
  { key: 'print', label: 'Imprimer' },
  { key: 'excel', label: 'Exporter Excel' },
];

/** The "Exporter" menu: the rows on screen, visible columns only, as CSV, Excel or a print view. */
export function ExportMenu<T>({ rows, columns, visibility, exports }: ExportMenuProps<T>) {
  const exportColumns = useMemo<ExportColumn<T>[]>(
    () =>
      columns
        .filter((column) => visibility[column.dataIndex] !== false)
        .map((column) => ({ key: column.dataIndex, title: columnLabel(column), value: column.exportValue })),
    [columns, visibility],
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
      }
    },
    [exports, rows, exportColumns],
  );

  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        items: ITEMS,
        onClick: ({ key }) => {
          void onExport(key);
        },
      }}
    >
      <Button icon={<DownloadOutlined />}>
        Exporter <DownOutlined />
      </Button>
    </Dropdown>
  );
}
