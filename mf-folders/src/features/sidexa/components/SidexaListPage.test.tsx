import { fireEvent, screen, within } from '@testing-library/react';
import { type PagedResponse, SIDEXA_STATE_COLUMN, SIDEXA_TABLE_COLUMNS, type SidexaRow } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { type PagingParams, useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sidexaFetcher } from '../api/sidexa';
import { sidexaColumns } from './columns';
import { SidexaListPage } from './SidexaListPage';

vi.mock('../api/sidexa', () => ({ sidexaFetcher: vi.fn() }));

const claims = lyonClaims();

const row = (overrides: Partial<SidexaRow>): SidexaRow => ({
  id: 12,
  createdAt: '2026-03-02T09:00:00.000Z',
  folderId: 7,
  folder: 'D-2026-00012 · Camille Martin',
  plate: 'HJ-100-FH',
  vehicle: 'Renault Clio V',
  status: 'Ouvert',
  statusColor: 'blue',
  appointmentAt: '2026-03-05T08:30:00.000Z',
  technician: 'Karim Benali',
  glass: 'Pare-brise',
  consumption: 1,
  report: '/api/sidexa/12/report',
  state: 'priced',
  companyName: 'Vitrage Express Lyon',
  ...overrides,
});

const answer: PagedResponse<SidexaRow> = {
  data: [
    row({}),
    row({
      id: 13,
      folderId: 8,
      folder: 'D-2026-00013 · Hugo Dupont',
      plate: 'AA-000-AA',
      report: null,
      state: 'not_found',
      technician: null,
      appointmentAt: null,
    }),
  ],
  totalRecords: 2,
  statusCounts: { all: 2, pending: 0, found: 0, not_found: 1, priced: 1 },
};

// Assigned to the mocked module's export: the page reads it as its fetcher.
const fetcher = vi.mocked(sidexaFetcher as unknown as (params: PagingParams) => Promise<PagedResponse<SidexaRow>>);

function renderList() {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<SidexaListPage />} />
      <Route path="/sidexa/add" element={<p>Nouveau devis Sidexa</p>} />
      <Route path="/folder/show/:id" element={<p>Page du dossier</p>} />
    </Routes>,
  );
}

const headers = async () =>
  (await screen.findAllByRole('columnheader', undefined, { timeout: 20_000 })).map(
    (header) => header.firstChild?.firstChild?.textContent ?? header.textContent,
  );

beforeEach(() => {
  fetcher.mockReset().mockResolvedValue(answer);
  useSession.setState({ claims });
});

describe('SidexaListPage', () => {
  it('keeps the columns in the server’s order: the tabs filter the state column', () => {
    expect(sidexaColumns.map((column) => column.dataIndex)).toEqual([...SIDEXA_TABLE_COLUMNS]);
    expect(SIDEXA_STATE_COLUMN).toBe(8);
  });

  it('lists the lookups: columns, state tabs with counts, folder and report links, newest first', async () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Sidexa' })).toBeInTheDocument();
    expect(await screen.findByText('D-2026-00012 · Camille Martin', undefined, { timeout: 20_000 })).toBeTruthy();
    const titles = (await headers()).join(' | ');
    for (const title of ['Date de création', 'Dossier', 'Statut interne', 'Rendez-vous', 'Consommation', 'Rapport']) {
      expect(titles).toContain(title);
    }
    // Secondary at 1280 px: in « Colonnes » until shown.
    expect(titles).not.toContain('Vitrage');
    expect(titles).not.toContain('Technicien');
    expect(fetcher.mock.calls[0]?.[0]).toMatchObject({ sortField: 0, sortDir: 'desc', page: 1, filters: {} });
    expect(screen.getByPlaceholderText('Rechercher un dossier')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'TOUT (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pièces chiffrées (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sans résultat (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'En attente (0)' })).toBeInTheDocument();
    // The column selector is hidden, and there is nothing to export.
    expect(screen.queryByRole('button', { name: 'Choisir les colonnes affichées' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Exporter/ })).toBeNull();

    const [first] = screen.getAllByRole('row').filter((line) => within(line).queryByText('HJ-100-FH · Renault Clio V'));
    const cells = within(first as HTMLElement);
    expect(cells.getByRole('link', { name: 'D-2026-00012 · Camille Martin' })).toHaveAttribute(
      'href',
      '/folder/show/7',
    );
    expect(cells.getByRole('link', { name: 'Rapport PDF HJ-100-FH' })).toHaveAttribute('href', '/api/sidexa/12/report');
    expect(cells.getByText('1 unité')).toBeInTheDocument();
    expect(cells.getByText('Ouvert')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rapport PDF AA-000-AA' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Sans résultat (1)' }));
    await vi.waitFor(() =>
      expect(fetcher.mock.lastCall?.[0]).toMatchObject({ filters: { [SIDEXA_STATE_COLUMN]: 'not_found' } }),
    );
  }, 40_000);

  it('goes to a new Sidexa quote', async () => {
    renderList();
    fireEvent.click(screen.getByRole('button', { name: /Faire un devis/ }));
    expect(await screen.findByText('Nouveau devis Sidexa')).toBeInTheDocument();
  });
});
