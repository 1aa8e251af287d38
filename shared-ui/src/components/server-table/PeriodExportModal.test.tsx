import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERIOD_EXPORT_REVERSED, PERIOD_EXPORT_TOO_LONG, parisToday } from 'contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, typeDate } from '../../test/render';
import { PERIOD_EXPORT_ITEM } from './ExportMenu';
import { downloadFromServer } from './exports';
import type { PagingParams } from './fetchers';
import { PERIOD_EXPORT_TITLE, PeriodExportModal } from './PeriodExportModal';
import { defaultExportPeriod, periodExportUrl } from './period-export';
import { type ServerColumn, ServerTable } from './ServerTable';

vi.mock('./exports', async (original) => ({
  ...(await original<typeof import('./exports')>()),
  downloadFromServer: vi.fn(),
}));

interface Invoice {
  id: number;
  number: string;
  status: string;
}
const columns: ServerColumn<Invoice>[] = [
  { title: 'N°', dataIndex: 'number' },
  { title: 'Statut', dataIndex: 'status' },
];
const paging: PagingParams = {
  page: 3,
  pageSize: 50,
  sortField: 0,
  sortDir: 'asc',
  search: 'Dupont',
  filters: { 1: 'paid' },
  columnsMap: ['number', 'status'],
};
const PATH = '/api/quotation/list/invoice/export';

/** The query of the URL the browser was sent to download. */
const downloaded = () => {
  const url = vi.mocked(downloadFromServer).mock.calls.at(-1)?.[0] ?? '';
  return { path: url.split('?')[0], query: Object.fromEntries(new URLSearchParams(url.split('?')[1])) };
};

beforeEach(() => vi.mocked(downloadFromServer).mockReset());
afterEach(() => vi.useRealTimers());

describe('periodExportUrl', () => {
  it('sends the period, the format and the table’s search, filters and columns, never its page nor sort', () => {
    const url = periodExportUrl(PATH, { from: '2026-11-01', to: '2026-11-30', format: 'csv' }, paging);
    const [path, query] = url.split('?');
    expect(path).toBe(PATH);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      format: 'csv',
      search: 'Dupont',
      filters: '{"1":"paid"}',
      columnsMap: '["number","status"]',
    });
  });

  it('starts on this month in France, whatever the browser’s zone', () => {
    expect(defaultExportPeriod('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29', format: 'xlsx' });
    // 23:30 UTC on 30 November is already 1 December in Paris.
    expect(defaultExportPeriod(parisToday(new Date('2026-11-30T23:30:00Z')))).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});

describe('PeriodExportModal', () => {
  const open = () => {
    const onClose = vi.fn();
    renderWithProviders(
      <PeriodExportModal path={PATH} dateLabel="date d’émission" paging={paging} onClose={onClose} />,
    );
    return onClose;
  };

  it('refuses Au before Du and a period over 366 days in French, and downloads nothing', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T23:30:00Z'), toFake: ['Date'] });
    const onClose = open();
    const dialog = await screen.findByRole('dialog', { name: PERIOD_EXPORT_TITLE });
    expect(await within(dialog).findByLabelText('Du')).toHaveValue('01/12/2026');
    expect(await within(dialog).findByLabelText('Au')).toHaveValue('31/12/2026');
    expect(within(dialog).getByText(/date d’émission/)).toBeInTheDocument();

    typeDate(within(dialog).getByLabelText('Au'), '2026-11-15');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(await within(dialog).findByText(PERIOD_EXPORT_REVERSED)).toBeInTheDocument();

    typeDate(within(dialog).getByLabelText('Du'), '2025-11-14');
    expect(within(dialog).queryByText(PERIOD_EXPORT_REVERSED)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(await within(dialog).findByText(PERIOD_EXPORT_TOO_LONG)).toBeInTheDocument();
    expect(downloadFromServer).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('downloads the period in the chosen format with the table’s filters, then closes', async () => {
    const onClose = open();
    const dialog = await screen.findByRole('dialog', { name: PERIOD_EXPORT_TITLE });
    typeDate(await within(dialog).findByLabelText('Du'), '2026-01-01');
    typeDate(within(dialog).getByLabelText('Au'), '2026-03-31');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'CSV' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(downloaded()).toEqual({
      path: PATH,
      query: {
        from: '2026-01-01',
        to: '2026-03-31',
        format: 'csv',
        search: 'Dupont',
        filters: '{"1":"paid"}',
        columnsMap: '["number","status"]',
      },
    });
    expect(onClose).toHaveBeenCalled();
  });
});

describe('"Exporter la période…" in ServerTable', () => {
  const fetcher = vi.fn(async (_params: PagingParams) => ({
    data: [{ id: 1, number: 'F-2026-00001', status: 'paid' }],
    totalRecords: 1,
  }));
  const table = (period?: { path: string; dateLabel: string }) =>
    renderWithProviders(
      <ServerTable
        tableKey="invoices"
        columns={columns}
        fetcher={fetcher}
        searchPlaceholder="Rechercher un document"
        statusTabs={[
          { key: 'all', label: 'TOUT', value: '' },
          { key: 'paid', label: 'Payée' },
        ]}
        statusColumnIndex={1}
        exports={{ period }}
      />,
    );

  // The table's view and antd's Table load lazily: cold, that takes seconds in jsdom.
  beforeAll(async () => {
    const view = table();
    await screen.findByText('F-2026-00001', undefined, { timeout: 20_000 });
    view.unmount();
  }, 30_000);

  it('exports what the table shows now: its search and its tab', async () => {
    table({ path: PATH, dateLabel: 'date d’émission' });
    await screen.findByText('F-2026-00001');
    fireEvent.change(screen.getByRole('textbox', { name: 'Rechercher un document' }), { target: { value: 'Dupont' } });
    fireEvent.click(screen.getByRole('tab', { name: /Payée/ }));
    await waitFor(() =>
      expect(fetcher.mock.calls.at(-1)?.[0]).toMatchObject({ search: 'Dupont', filters: { 1: 'paid' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Exporter/ }));
    fireEvent.click(await screen.findByText(PERIOD_EXPORT_ITEM));
    const dialog = await screen.findByRole('dialog', { name: PERIOD_EXPORT_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(downloaded().path).toBe(PATH);
    expect(downloaded().query).toMatchObject({
      format: 'xlsx',
      search: 'Dupont',
      filters: '{"1":"paid"}',
      columnsMap: '["number","status"]',
    });
  });

  it('offers no period export to a table without one', async () => {
    table();
    await screen.findByText('F-2026-00001');
    fireEvent.click(screen.getByRole('button', { name: /Exporter/ }));
    expect(await screen.findByText('Exporter CSV')).toBeInTheDocument();
    expect(screen.queryByText(PERIOD_EXPORT_ITEM)).not.toBeInTheDocument();
  });
});
