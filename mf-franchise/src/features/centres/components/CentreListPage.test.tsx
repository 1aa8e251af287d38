import { screen, waitFor } from '@testing-library/react';
import { CENTRE_LIST_ERROR, type CentreRow, type PagedResponse } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ApiError, type PagingParams } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { centreFetcher } from '../api/centres';
import { CentreListPage } from './CentreListPage';

vi.mock('../api/centres', () => ({ centreFetcher: vi.fn(), createCentre: vi.fn() }));

const answer: PagedResponse<CentreRow> = {
  data: [
    {
      id: 2,
      centreName: 'Vitrage Express Lyon',
      centrePhone: '0472000000',
      centreSiret: '82345678900027',
      adminName: 'Julien Moreau',
      adminEmail: 'poseur.admin@demo.garage.fr',
      createdDate: '2026-03-02T09:00:00.000Z',
    },
  ],
  totalRecords: 1,
};

const renderList = () =>
  renderWithProviders(
    <Routes>
      <Route path="/franchise/:franchiseId/centers_list" element={<CentreListPage />} />
    </Routes>,
    { route: '/franchise/1/centers_list' },
  );

beforeEach(() => {
  localStorage.clear();
  vi.mocked(centreFetcher).mockReset();
});

describe('CentreListPage', () => {
  it('lists the franchise’s centres with the spec’s columns, sorted by name, and links to the form', {
    timeout: 30_000,
  }, async () => {
    const fetcher = vi.fn<(params: PagingParams) => Promise<PagedResponse<CentreRow>>>().mockResolvedValue(answer);
    vi.mocked(centreFetcher).mockReturnValue(fetcher);
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Liste des centres de votre franchise' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ajouter un centre' })).toHaveAttribute('href', '/franchise/1/add_center');
    expect(await screen.findByText('Vitrage Express Lyon', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('poseur.admin@demo.garage.fr')).toBeInTheDocument();
    for (const title of [
      'Nom du centre',
      'Téléphone',
      'SIRET',
      'Administrateur',
      'E-mail de l’administrateur',
      'Date de création',
    ]) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(centreFetcher).toHaveBeenCalledWith(1);
    const params = fetcher.mock.calls[0]?.[0];
    expect(params?.columnsMap[params.sortField ?? -1]).toBe('centreName');
    expect(params?.sortDir).toBe('asc');
  });

  it('says what went wrong, or "Erreur lors du chargement des centres"', { timeout: 30_000 }, async () => {
    vi.mocked(centreFetcher).mockReturnValue(vi.fn().mockRejectedValue(new Error('boom')));
    renderList();
    await waitFor(() => expect(screen.getAllByText(CENTRE_LIST_ERROR).length).toBeGreaterThan(0), { timeout: 20_000 });
  });

  it('shows the server’s message when there is one', { timeout: 30_000 }, async () => {
    vi.mocked(centreFetcher).mockReturnValue(
      vi
        .fn()
        .mockRejectedValue(
          new ApiError(403, { message: 'Seul le franchiseur de cette franchise peut gérer ses centres' }),
        ),
    );
    renderList();
    expect(
      (
        await screen.findAllByText('Seul le franchiseur de cette franchise peut gérer ses centres', undefined, {
          timeout: 20_000,
        })
      ).length,
    ).toBeGreaterThan(0);
  });
});
