import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PagedResponse } from 'contracts';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../runtime/http';
import { renderWithProviders } from '../../test/render';
import type { PagingParams } from './fetchers';
import { type ServerColumn, ServerTable } from './ServerTable';

interface Payment {
  id: number;
  name: string;
  amount: number;
  type: string;
  date: string;
}

const rows: Payment[] = [
  { id: 1, name: 'AB-123-CD', amount: 120.5, type: 'Gestion', date: '2024-05-02' },
  { id: 2, name: 'EF-456-GH', amount: 80, type: 'Sidexa', date: '2024-05-01' },
];
const columns: ServerColumn<Payment>[] = [
  { title: 'Dossier', dataIndex: 'name' },
  { title: 'Montant', dataIndex: 'amount' },
  { title: 'Type', dataIndex: 'type' },
  { title: 'Date', dataIndex: 'date' },
];

function fetcherReturning(answer: PagedResponse<Payment> = { data: rows, totalRecords: 2 }) {
  return vi.fn(async (_params: PagingParams) => answer);
}

/** A page whose button changes the table's `params`, as "mark all read" does on /me/notifications. */
function WithVersion({ fetcher }: { fetcher: ReturnType<typeof fetcherReturning> }) {
  const [version, setVersion] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setVersion(version + 1)}>
        Tout marquer lu
      </button>
      <ServerTable tableKey="payments" columns={columns} fetcher={fetcher} params={{ version }} />
    </>
  );
}

const lastParams = (fetcher: ReturnType<typeof fetcherReturning>) => fetcher.mock.calls.at(-1)?.[0];

// The first render of antd's Table costs seconds in jsdom (its styles computed cold), more than findBy's 1 s: done
// once here, so each test times only its own work.
beforeAll(async () => {
  const view = renderWithProviders(<ServerTable tableKey="warm-up" columns={columns} fetcher={fetcherReturning()} />);
  await screen.findByText('AB-123-CD', undefined, { timeout: 20_000 });
  view.unmount();
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('ServerTable', () => {
  it('asks page 1 of 25 with the default sort as a column index and the columns map', async () => {
    const fetcher = fetcherReturning();
    renderWithProviders(
      <ServerTable
        tableKey="payments"
        columns={columns}
        fetcher={fetcher}
        defaultSort={{ field: 'date', dir: 'desc' }}
      />,
    );
    expect(await screen.findByText('AB-123-CD')).toBeInTheDocument();
    expect(lastParams(fetcher)).toEqual({
      page: 1,
      pageSize: 25,
      sortField: 3,
      sortDir: 'desc',
      search: undefined,
      filters: {},
      columnsMap: ['name', 'amount', 'type', 'date'],
    });
  });

  it('sends the clicked column index as sortField', async () => {
    const fetcher = fetcherReturning();
    renderWithProviders(<ServerTable tableKey="payments" columns={columns} fetcher={fetcher} />);
    await screen.findByText('AB-123-CD');
    fireEvent.click(screen.getAllByRole('columnheader', { name: /Montant/ })[0] as HTMLElement);
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ sortField: 1, sortDir: 'asc' }));
  });

  it('asks the page clicked, then page 1 again when the search changes', async () => {
    const fetcher = fetcherReturning({ data: rows, totalRecords: 60 });
    renderWithProviders(
      <ServerTable tableKey="payments" columns={columns} fetcher={fetcher} searchPlaceholder="Rechercher un produit" />,
    );
    await screen.findByText('AB-123-CD');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ page: 2, pageSize: 25 }));
    const calls = fetcher.mock.calls.length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Rechercher un produit' }), { target: { value: 'AB' } });
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ page: 1, search: 'AB' }));
    // One call for the new search: the page reset does not cost a second one.
    expect(fetcher.mock.calls.length).toBe(calls + 1);
  });

  it('loads again from page 1 when its params change (e.g. after "mark all read")', async () => {
    const fetcher = fetcherReturning({ data: rows, totalRecords: 60 });
    renderWithProviders(<WithVersion fetcher={fetcher} />);
    await screen.findByText('AB-123-CD');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ page: 2 }));
    const calls = fetcher.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Tout marquer lu' }));
    await waitFor(() => expect(fetcher.mock.calls.length).toBe(calls + 1));
    expect(lastParams(fetcher)).toMatchObject({ page: 1 });
  });

  it('reads again when its path is invalidated, keeping its search and page', async () => {
    const fetcher = Object.assign(fetcherReturning({ data: rows, totalRecords: 60 }), {
      queryKey: ['paiement', 'list'],
    });
    const { queryClient } = renderWithProviders(
      <ServerTable tableKey="payments" columns={columns} fetcher={fetcher} searchPlaceholder="Rechercher" />,
    );
    await screen.findByText('AB-123-CD');
    fireEvent.change(screen.getByRole('textbox', { name: 'Rechercher' }), { target: { value: 'AB' } });
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ page: 1, search: 'AB' }));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastParams(fetcher)).toMatchObject({ page: 2, search: 'AB' }));
    const calls = fetcher.mock.calls.length;
    await act(() => queryClient.invalidateQueries({ queryKey: ['paiement'] }));
    await waitFor(() => expect(fetcher.mock.calls.length).toBe(calls + 1));
    expect(lastParams(fetcher)).toMatchObject({ page: 2, search: 'AB' });
    expect(screen.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('AB');
  });

  it('drops an answer that arrives after a newer request', async () => {
    let release: (answer: PagedResponse<Payment>) => void = () => {};
    const slow = new Promise<PagedResponse<Payment>>((resolve) => {
      release = resolve;
    });
    const fetcher = vi.fn(async (params: PagingParams) =>
      params.search ? { data: [rows[1] as Payment], totalRecords: 1 } : slow,
    );
    renderWithProviders(
      <ServerTable tableKey="payments" columns={columns} fetcher={fetcher} searchPlaceholder="Rechercher un produit" />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Rechercher un produit' }), {
      target: { value: 'EF' },
    });
    expect(await screen.findByText('EF-456-GH', undefined, { timeout: 2000 })).toBeInTheDocument();
    await act(async () => release({ data: rows, totalRecords: 2 }));
    expect(screen.queryByText('AB-123-CD')).not.toBeInTheDocument();
  });

  it('waits 500 ms after the last keystroke before searching', async () => {
    const fetcher = fetcherReturning();
    renderWithProviders(
      <ServerTable tableKey="payments" columns={columns} fetcher={fetcher} searchPlaceholder="Rechercher un produit" />,
    );
    await screen.findByText('AB-123-CD');
    vi.useFakeTimers();
    const calls = fetcher.mock.calls.length;
    const box = screen.getByRole('textbox', { name: 'Rechercher un produit' });
    fireEvent.change(box, { target: { value: 'MA' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(box, { target: { value: 'MAAF' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(fetcher.mock.calls.length).toBe(calls);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetcher.mock.calls.length).toBe(calls + 1);
    expect(lastParams(fetcher)).toMatchObject({ search: 'MAAF', page: 1 });
  });

  it('applies a column filter 500 ms after typing stops, keyed by column index', async () => {
    const fetcher = fetcherReturning();
    renderWithProviders(<ServerTable tableKey="payments" columns={columns} fetcher={fetcher} />);
    await screen.findByText('AB-123-CD');
    vi.useFakeTimers();
    const calls = fetcher.mock.calls.length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Filtrer la colonne Type' }), {
      target: { value: 'Gestion' },
    });
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(fetcher.mock.calls.length).toBe(calls);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(fetcher.mock.calls.length).toBe(calls + 1);
    expect(lastParams(fetcher)?.filters).toEqual({ 2: 'Gestion' });
  });

  it('shows status tabs with counts and sends the active tab as a filter on the given column', async () => {
    const fetcher = fetcherReturning({
      data: rows,
      totalRecords: 12,
      statusCounts: { all: 12, gestion: 7, sidexa: 5 },
    });
    renderWithProviders(
      <ServerTable
        tableKey="consumption"
        columns={columns}
        fetcher={fetcher}
        statusColumnIndex={3}
        statusTabs={[
          { key: 'all', label: 'TOUT', value: '' },
          { key: 'gestion', label: 'Gestion' },
          { key: 'sidexa', label: 'Sidexa' },
        ]}
      />,
    );
    expect(await screen.findByRole('tab', { name: 'TOUT (12)' })).toBeInTheDocument();
    expect(lastParams(fetcher)?.filters).toEqual({});
    fireEvent.click(screen.getByRole('tab', { name: 'Gestion (7)' }));
    await waitFor(() => expect(lastParams(fetcher)?.filters).toEqual({ 3: 'gestion' }));
  });

  it('remembers hidden columns in localStorage across remounts', async () => {
    const fetcher = fetcherReturning();
    const view = renderWithProviders(<ServerTable tableKey="payments" columns={columns} fetcher={fetcher} />);
    await screen.findByText('AB-123-CD');
    expect(screen.getAllByRole('columnheader', { name: /Montant/ }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Choisir les colonnes affichées' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Montant/ }));
    await waitFor(() => expect(screen.queryAllByRole('columnheader', { name: /Montant/ })).toHaveLength(0));
    expect(JSON.parse(localStorage.getItem('visibleColumns-payments') ?? '{}')).toEqual({ amount: false });
    view.unmount();

    renderWithProviders(<ServerTable tableKey="payments" columns={columns} fetcher={fetcher} />);
    await screen.findByText('AB-123-CD');
    expect(screen.queryAllByRole('columnheader', { name: /Montant/ })).toHaveLength(0);
    expect(screen.getAllByRole('columnheader', { name: /Dossier/ }).length).toBeGreaterThan(0);
  });

  it('keeps a secondary column in the selector until the user shows it, and remembers that choice', async () => {
    const withSecondary: ServerColumn<Payment>[] = columns.map((column) =>
      column.dataIndex === 'date' ? { ...column, secondary: true } : column,
    );
    const view = renderWithProviders(
      <ServerTable tableKey="secondary" columns={withSecondary} fetcher={fetcherReturning()} />,
    );
    await screen.findByText('AB-123-CD');
    expect(screen.queryAllByRole('columnheader', { name: /Date/ })).toHaveLength(0);
    expect(screen.queryByText('2024-05-02')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Choisir les colonnes affichées' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Date/ }));
    expect(await screen.findByText('2024-05-02')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('visibleColumns-secondary') ?? '{}')).toEqual({ date: true });
    view.unmount();

    renderWithProviders(<ServerTable tableKey="secondary" columns={withSecondary} fetcher={fetcherReturning()} />);
    expect(await screen.findByText('2024-05-02')).toBeInTheDocument();
  });

  it('can hide the column selector', async () => {
    renderWithProviders(
      <ServerTable tableKey="sidexa" columns={columns} fetcher={fetcherReturning()} hideColumnSelector />,
    );
    await screen.findByText('AB-123-CD');
    expect(screen.queryByRole('button', { name: 'Choisir les colonnes affichées' })).not.toBeInTheDocument();
  });

  it('toasts the server message when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetcher = vi.fn(async () => {
      throw new ApiError(500, { message: 'Base de données indisponible' });
    });
    renderWithProviders(
      <ServerTable
        tableKey="payments"
        columns={columns}
        fetcher={fetcher}
        defaultErrorMessage="Erreur lors du chargement des consommations"
      />,
    );
    expect(await screen.findByText('Base de données indisponible')).toBeInTheDocument();
  });

  it('offers « Réessayer » after a failed read, and reads the same page again with it or with the active tab', async () => {
    let fail = true;
    const fetcher = vi.fn(async (_params: PagingParams): Promise<PagedResponse<Payment>> => {
      if (fail) throw new TypeError('Failed to fetch');
      return { data: rows, totalRecords: 2, statusCounts: { all: 2, gestion: 1 } };
    });
    renderWithProviders(
      <ServerTable
        tableKey="payments"
        columns={columns}
        fetcher={fetcher}
        statusColumnIndex={2}
        statusTabs={[
          { key: 'all', label: 'TOUT', value: '' },
          { key: 'gestion', label: 'Gestion' },
        ]}
      />,
    );
    expect(await screen.findByText('Impossible de charger les données.')).toBeInTheDocument();
    const calls = fetcher.mock.calls.length;
    fireEvent.click(screen.getByRole('tab', { name: 'TOUT (0)' }));
    await waitFor(() => expect(fetcher.mock.calls.length).toBe(calls + 1));
    expect(await screen.findByText('Impossible de charger les données.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByText('AB-123-CD')).toBeInTheDocument();
    expect(fetcher.mock.calls.length).toBe(calls + 2);
  });

  it('toasts the default message when the server gave none', async () => {
    const fetcher = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(
      <ServerTable
        tableKey="payments"
        columns={columns}
        fetcher={fetcher}
        defaultErrorMessage="Erreur lors du chargement des centres"
      />,
    );
    expect(await screen.findByText('Erreur lors du chargement des centres')).toBeInTheDocument();
  });

  it('renders row links, disabled rows and actions', async () => {
    renderWithProviders(
      <ServerTable
        tableKey="products"
        columns={columns}
        fetcher={fetcherReturning()}
        rowHref={(row) => `/folder/show/${row.id}`}
        rowDisabled={(row) => row.id === 2}
        actions={(row) => <button type="button">Modifier {row.name}</button>}
      />,
    );
    const link = await screen.findByRole('link', { name: 'AB-123-CD' });
    expect(link).toHaveAttribute('href', '/folder/show/1');
    const disabledRow = screen.getByText('EF-456-GH').closest('tr');
    expect(disabledRow).toHaveAttribute('aria-disabled', 'true');
    const action = within(disabledRow as HTMLElement).getByRole('button', { name: 'Modifier EF-456-GH' });
    // The actions stay on screen at the right while a wide list scrolls.
    expect(action.closest('td')).toHaveClass('ant-table-cell-fix-right');
  });

  it('offers the three exports', async () => {
    renderWithProviders(<ServerTable tableKey="payments" columns={columns} fetcher={fetcherReturning()} />);
    await screen.findByText('AB-123-CD');
    fireEvent.click(screen.getByRole('button', { name: /Exporter/ }));
    expect(await screen.findByRole('menuitem', { name: 'Exporter CSV' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Imprimer' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Exporter Excel' })).toBeInTheDocument();
  });
});
