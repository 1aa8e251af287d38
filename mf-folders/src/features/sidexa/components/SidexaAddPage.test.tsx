import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FolderDetail } from 'contracts';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { searchFolders } from '../../../api/search-folders';
import { getFolderBrief, getSidexaStatus } from '../api/sidexa';
import { statusFresh } from '../test-fixtures';
import { SidexaAddPage } from './SidexaAddPage';

vi.mock('../../../api/search-folders', () => ({ searchFolders: vi.fn() }));
vi.mock('../api/sidexa', () => ({
  getFolderBrief: vi.fn(),
  getSidexaStatus: vi.fn(),
  generateScopedToken: vi.fn(),
  consumeUnit: vi.fn(),
  getSidexaQuotation: vi.fn(),
  enrichSidexaQuotation: vi.fn(),
  saveCompanyFees: vi.fn(),
  getCompanyHourlyRate: vi.fn(),
}));

const claims = lyonClaims();

const folder = { id: 7, companyId: 2, number: 'D-2026-00012', plate: 'HJ-100-FH' } as FolderDetail;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAdd(route = '/sidexa/add') {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/sidexa/add" element={<SidexaAddPage />} />
        <Route path="/sidexa/list" element={<p>Liste Sidexa</p>} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

beforeEach(() => {
  vi.mocked(searchFolders).mockReset();
  vi.mocked(getFolderBrief).mockReset().mockResolvedValue(folder);
  vi.mocked(getSidexaStatus).mockReset().mockResolvedValue(statusFresh);
  useSession.setState({ claims });
});

describe('SidexaAddPage', () => {
  it('finds the folder among the user’s, offers to create one, then starts the search of the folder chosen', async () => {
    vi.mocked(searchFolders).mockResolvedValue([{ id: 7, value: '7', label: 'HJ-100-FH · Martin Camille' }]);
    renderAdd();
    expect(screen.getByRole('heading', { level: 1, name: 'Nouveau devis Sidexa' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer un dossier' })).toHaveAttribute('href', '/folder/choice');
    expect(getSidexaStatus).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('combobox', { name: 'Dossier' }), { target: { value: 'HJ100' } });
    await waitFor(() => expect(searchFolders).toHaveBeenCalledWith(2, 'HJ100'));
    fireEvent.click(await screen.findByTitle('HJ-100-FH · Martin Camille'));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/sidexa/add?folderId=7'));
    await waitFor(() => expect(getSidexaStatus).toHaveBeenCalledWith(7));
    expect(getSidexaStatus).toHaveBeenCalledTimes(1);
    expect(getFolderBrief).toHaveBeenCalledWith(7);
    expect(await screen.findByText('Recherche du véhicule')).toBeInTheDocument();
  });

  it('closing the search goes back to the list', async () => {
    renderAdd('/sidexa/add?folderId=7');
    const title = await screen.findByText('Recherche du véhicule');
    const confirm = title.closest<HTMLElement>('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(await screen.findByText('Liste Sidexa')).toBeInTheDocument();
  });
});
