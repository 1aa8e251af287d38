import type { ColumnType } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import type { Fetcher, SortDir } from './fetchers';

/*
 * The public contract of ServerTable, kept apart from the view so that pages, the lazy wrapper and the
 * small pieces of the view share it without loading the table (type imports only).
 */

export const FILTER_DEBOUNCE_MS = 500;
export const DEFAULT_TABLE_ERROR = 'Erreur lors du chargement des données';

/** An antd Table column whose `dataIndex` is a plain key: its position in `columns` is the `sortField` sent. */
export type ServerColumn<T> = Omit<ColumnType<T>, 'dataIndex' | 'key' | 'sortOrder'> & {
  dataIndex: string;
  /** Column filter input (default true). */
  filterable?: boolean;
  /**
   * Hidden until the user shows it from "Colonnes": the list keeps its key columns on screen at 1280 px
   * (checked for every page by e2e/tests/accessibility.spec.ts).
   */
  secondary?: boolean;
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
  /** Adds "Exporter la période…": the server writes every row of the table's current filter over chosen days. */
  period?: PeriodExportOptions;
}

export interface PeriodExportOptions {
  /** The export's GET path (contracts' PERIOD_EXPORTS). */
  path: string;
  /** Which date of a row the period reads, as the modal says it: "date d’émission", "date du paiement". */
  dateLabel: string;
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
  /** Where a click on the row goes; undefined leaves that row unlinked. */
  rowHref?: (row: T) => string | undefined;
  rowDisabled?: (row: T) => boolean;
  actions?: (row: T) => ReactNode;
  actionsTitle?: string;
  /** Width of the actions column (default 120 px): room for its widest buttons, which never wrap. */
  actionsWidth?: number;
  toolbar?: ReactNode;
  headerTitle?: ReactNode;
  hideColumnSelector?: boolean;
  /** Shows the "Exporter" menu; `false` hides it. */
  exports?: ServerTableExports | false;
  defaultErrorMessage?: string;
  /** What an empty answer says ("Aucune invitation en attente"); "Aucune donnée" by default. */
  emptyText?: string;
  /** Extra values the fetcher depends on: any change reloads from page 1. */
  params?: Record<string, string | number | boolean | null | undefined>;
}

/** The text a column is known by in its filter label, the column menu and the exports. */
/** A column without a width of its own is never narrower than its filter (90 px) and the cell's padding. */
export const MIN_COLUMN_WIDTH = 110;

export function columnLabel<T>(column: ServerColumn<T>): string {
  return typeof column.title === 'string' ? column.title : column.dataIndex;
}
