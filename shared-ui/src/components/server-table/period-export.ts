import { monthOf, type PeriodExportFormat, parisToday } from 'contracts';
import { type PagingParams, toPagingQuery } from './fetchers';

/*
 * "Exporter la période…" of ServerTable: the URL of a server-side export of every row of the table's current filter
 * over days of the French calendar. Kept apart from the modal so that the URL can be checked in tests.
 */

export interface ExportPeriod {
  /** Days "YYYY-MM-DD", both included. */
  from: string;
  to: string;
  format: PeriodExportFormat;
}

/** This month in France, as Excel: what the modal starts with. */
export const defaultExportPeriod = (today = parisToday()): ExportPeriod => ({ ...monthOf(today), format: 'xlsx' });

/**
 * The export's URL: the period and format, then the table's search, column filters (status tab included) and
 * columns map exactly as its list call sends them. Page and sort are left out: the export holds every row, oldest
 * first.
 */
export function periodExportUrl(path: string, period: ExportPeriod, paging: PagingParams): string {
  const { page: _page, pageSize: _size, sortField: _field, sortDir: _dir, ...filter } = toPagingQuery(paging);
  const params = new URLSearchParams({ from: period.from, to: period.to, format: period.format });
  for (const [key, value] of Object.entries(filter)) params.set(key, String(value));
  return `${path}?${params}`;
}
