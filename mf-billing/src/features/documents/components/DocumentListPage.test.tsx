import { fireEvent, screen, within } from '@testing-library/react';
import type { DisplayTokenClaims, DocumentRow, PagedResponse } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { formatCents, type PagingParams, useSession } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { documentFetcher } from '../api/documents';
import { DocumentListPage } from './DocumentListPage';

vi.mock('../api/documents', () => ({ documentFetcher: vi.fn() }));

const claims = (roles: string[]): DisplayTokenClaims => ({
  name: 'Julien Moreau',
  email: 'poseur.admin@demo.garage.fr',
  roles,
  companyId: 2,
  franchiseId: 1,
  companies: [{ id: 2, name: 'Vitrage Express Lyon', roles }],
  jeton: 10,
  isReferent: false,
});

const row = (overrides: Partial<DocumentRow>): DocumentRow => ({
  id: 41,
  type: 'invoice',
  number: 'F-2026-00042',
  createdAt: '2026-03-02T09:00:00.000Z',
  issuedAt: '2026-03-03T09:00:00.000Z',
  customer: 'Léa Martin',
  dueDate: null,
  platformStatus: null,
  platformLabel: '',
  folderId: 7,
  folder: 'D-000123',
  preTaxAmount: 45_000,
  totalAmount: 54_000,
  paidAmount: 20_000,
  creditedAmount: 0,
  billTo: 'customer',
  status: 'partial',
  ...overrides,
});

const answer: PagedResponse<DocumentRow> = {
  data: [
    row({}),
    row({
      id: 43,
      number: null,
      customer: 'Hugo Dupont',
      status: 'draft',
      folderId: null,
      folder: null,
      paidAmount: 0,
    }),
  ],
  totalRecords: 2,
  statusCounts: { all: 2, draft: 1, issued: 0, partial: 1, paid: 0 },
};
const fetcher = vi.fn(async (_params: PagingParams) => answer);
// Testing Library compares with the text as shown, its no-break spaces read as spaces.
const shown = (euros: number) => formatCents(Math.round(euros * 100)).replace(/\s/g, ' ');

function renderList(type: 'invoice' | 'purchase-order' | 'quotation') {
  renderWithProviders(
    <Routes>
      <Route path="/" element={<DocumentListPage type={type} />} />
      <Route path="/quotation/show/:id" element={<p>Page du document</p>} />
      <Route path="/quotation/new/:type" element={<p>Nouveau document</p>} />
    </Routes>,
  );
}

const headers = async () =>
  (await screen.findAllByRole('columnheader', undefined, { timeout: 20_000 })).map(
    (header) => header.firstChild?.firstChild?.textContent ?? header.textContent,
  );

beforeEach(() => {
  vi.mocked(documentFetcher).mockReturnValue(fetcher);
  fetcher.mockClear();
  useSession.setState({ claims: claims(['ROLE_POSEUR_ADMIN']) });
});

describe('DocumentListPage', () => {
  it('lists invoices: columns, status tabs with counts, the status filter on column 6', async () => {
    renderList('invoice');
    expect(screen.getByRole('heading', { level: 1, name: 'Factures' })).toBeInTheDocument();
    expect(await screen.findByText('F-2026-00042', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(documentFetcher).toHaveBeenCalledWith('invoice');
    const titles = (await headers()).join(' | ');
    for (const title of ['N°', 'Date', 'Client', 'Dossier', 'Total TTC', 'Statut', 'Payé']) {
      expect(titles).toContain(title);
    }
    // Secondary at 1280 px: in « Colonnes » until shown.
    expect(titles).not.toContain('Total HT');
    expect(screen.getByRole('tab', { name: 'TOUT (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Brouillon (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payée en partie (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payée (0)' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Rechercher un document')).toBeInTheDocument();

    const [first] = screen.getAllByRole('row').filter((tableRow) => within(tableRow).queryByText('F-2026-00042'));
    const cells = within(first as HTMLElement);
    expect(cells.getByText(shown(540))).toBeInTheDocument();
    expect(cells.getByText(shown(200))).toBeInTheDocument();
    expect(cells.getByText('Payée en partie')).toBeInTheDocument();
    expect(cells.getByRole('link', { name: 'D-000123' })).toHaveAttribute('href', '/folder/show/7');
    expect(screen.getByRole('link', { name: 'Brouillon' })).toHaveAttribute('href', '/quotation/show/43');

    fireEvent.click(screen.getByRole('tab', { name: 'Brouillon (1)' }));
    await vi.waitFor(() => expect(fetcher.mock.lastCall?.[0]).toMatchObject({ filters: { 6: 'draft' } }));
    // The first test loads ServerTable's lazy view and antd's Table cold: seconds on a busy machine.
  }, 40_000);

  it('shows an issued quote past its validity as « Expiré », one still valid as « Émis »', async () => {
    fetcher.mockResolvedValueOnce({
      data: [
        row({ id: 50, type: 'quotation', number: 'DV-2026-00001', status: 'issued', dueDate: '2020-01-31' }),
        row({ id: 51, type: 'quotation', number: 'DV-2026-00002', status: 'issued', dueDate: '2999-12-31' }),
      ],
      totalRecords: 2,
    });
    renderList('quotation');
    const rowOf = async (number: string) =>
      within((await screen.findByText(number, undefined, { timeout: 20_000 })).closest('tr') as HTMLElement);
    expect((await rowOf('DV-2026-00001')).getByText('Expiré')).toBeInTheDocument();
    expect((await rowOf('DV-2026-00002')).getByText('Émis')).toBeInTheDocument();
  });

  it('opens a document from its row', async () => {
    renderList('invoice');
    fireEvent.click(await screen.findByText('Léa Martin', undefined, { timeout: 20_000 }));
    expect(await screen.findByText('Page du document')).toBeInTheDocument();
  });

  it('names the supplier column of purchase orders, without "Payé", and hides "Nouveau" from who may not write', async () => {
    useSession.setState({ claims: claims(['ROLE_COMPTABLE']) });
    renderList('purchase-order');
    await screen.findByText('F-2026-00042', undefined, { timeout: 20_000 });
    const titles = (await headers()).join(' | ');
    expect(titles).toContain('Fournisseur');
    expect(titles).not.toContain('Payé');
    expect(screen.queryByRole('button', { name: /Nouveau bon de commande/ })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Réceptionné (0)' })).toBeInTheDocument();
  });

  it('goes to the new document page', async () => {
    renderList('invoice');
    fireEvent.click(screen.getByRole('button', { name: /Nouvelle facture/ }));
    expect(await screen.findByText('Nouveau document')).toBeInTheDocument();
  });
});
