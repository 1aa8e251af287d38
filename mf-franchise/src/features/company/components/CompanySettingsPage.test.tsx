import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_TAX_RATE_SAVED, SIDEXA_HOURLY_RATE_INVALID } from 'contracts';
import { apiKey, useSession } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, renderPage } from '../../../test/test-render';
import {
  addKnownBy,
  getCompanyInfos,
  getFolderStatuses,
  getKnownBy,
  saveDefaultTaxRate,
  saveHourlyRate,
} from '../api/company';
import { CompanySettingsPage, HOURLY_RATE_SAVED } from './CompanySettingsPage';

vi.mock('../api/company', () => ({
  getCompanyInfos: vi.fn(),
  saveHourlyRate: vi.fn(),
  saveDefaultTaxRate: vi.fn(),
  getKnownBy: vi.fn(),
  addKnownBy: vi.fn(),
  renameKnownBy: vi.fn(),
  deleteKnownBy: vi.fn(),
  getFolderStatuses: vi.fn(),
  addFolderStatus: vi.fn(),
  saveFolderStatus: vi.fn(),
  deleteFolderStatus: vi.fn(),
  reorderFolderStatuses: vi.fn(),
  uploadCompanyLogo: vi.fn(),
  deleteCompanyLogo: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  const lyon = {
    id: 2,
    name: 'Vitrage Express Lyon',
    tradeName: null,
    siret: null,
    tvaNumber: null,
    phone: null,
    garageType: null,
    emailApi: null,
    franchiseId: 1,
    jeton: 10,
    hourlyRate: 58.5,
    defaultTaxRate: 10,
    logoUrl: null,
  };
  vi.mocked(getCompanyInfos).mockResolvedValue({ company: lyon, companies: [lyon], franchiseLogoUrl: null });
  vi.mocked(saveHourlyRate).mockResolvedValue({ hourlyRate: 62 });
  vi.mocked(getKnownBy).mockResolvedValue([]);
  vi.mocked(getFolderStatuses).mockResolvedValue([]);
  vi.mocked(addKnownBy).mockResolvedValue({ id: 9, label: 'Bouche-à-oreille' });
});

describe('CompanySettingsPage', { timeout: 45_000 }, () => {
  it('edits the hourly rate (checked like the server) and saves it with the fees call', async () => {
    useSession.setState({ claims: adminClaims(2) });
    renderPage(<CompanySettingsPage />);
    const rate = await screen.findByLabelText('Taux horaire HT (€)');
    expect(rate).toHaveValue('58,50');
    fireEvent.change(rate, { target: { value: 'abc' } });
    expect(await screen.findByText(SIDEXA_HOURLY_RATE_INVALID)).toBeInTheDocument();
    fireEvent.change(rate, { target: { value: '62' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le taux horaire' }));
    expect(await screen.findByText(HOURLY_RATE_SAVED)).toBeInTheDocument();
    expect(saveHourlyRate).toHaveBeenCalledWith(2, { hourlyRate: '62' });
  });

  it('has every app read the garage again once a rate is saved (a new quote starts from it)', async () => {
    useSession.setState({ claims: adminClaims(2) });
    const { queryClient } = renderWithProviders(<CompanySettingsPage />);
    const announced = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.change(await screen.findByLabelText('Taux horaire HT (€)'), { target: { value: '62' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le taux horaire' }));
    expect(await screen.findByText(HOURLY_RATE_SAVED)).toBeInTheDocument();
    expect(announced).toHaveBeenCalledWith({ queryKey: apiKey('api/company/infos') });
    await waitFor(() => expect(getCompanyInfos).toHaveBeenCalledTimes(2));
  });

  it('shows the garage’s default VAT rate and saves another one', async () => {
    vi.mocked(saveDefaultTaxRate).mockResolvedValue({ defaultTaxRate: 5.5 });
    useSession.setState({ claims: adminClaims(2) });
    renderPage(<CompanySettingsPage />);
    const select = await screen.findByRole('combobox', { name: 'TVA par défaut' });
    expect(screen.getByTitle('10 %')).toBeInTheDocument();
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('5,5 %'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la TVA' }));
    expect(await screen.findByText(DEFAULT_TAX_RATE_SAVED)).toBeInTheDocument();
    expect(saveDefaultTaxRate).toHaveBeenCalledWith(2, { defaultTaxRate: 5.5 });
  });

  it('shows an empty "connu par" list and adds an entry', async () => {
    useSession.setState({ claims: adminClaims(2) });
    renderPage(<CompanySettingsPage />);
    expect(await screen.findByText('Aucune entrée : ajoutez la première ci-dessus.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Nouvelle entrée « connu par »'), { target: { value: 'Bouche-à-oreille' } });
    vi.mocked(getKnownBy).mockResolvedValue([{ id: 9, label: 'Bouche-à-oreille' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Entrée ajoutée')).toBeInTheDocument();
    expect(addKnownBy).toHaveBeenCalledWith(2, 'Bouche-à-oreille');
    expect(await screen.findByText('Bouche-à-oreille')).toBeInTheDocument();
  });
});
