import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  COMPANY_PROFILE_SAVED,
  type CompanyProfile,
  EINVOICING_ADDRESS_INVALID,
  GARAGE_ADMIN_PICK_GARAGE,
  IBAN_INVALID,
} from 'contracts';
import { ApiError, useSession } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, renderPage } from '../../../test/test-render';
import { getCompanyProfile, saveCompanyProfile } from '../api/company';
import { CompanyProfilePage } from './CompanyProfilePage';

vi.mock('../api/company', () => ({ getCompanyProfile: vi.fn(), saveCompanyProfile: vi.fn() }));

const profile: CompanyProfile = {
  id: 2,
  name: 'Vitrage Express Lyon',
  tradeName: null,
  siret: '73282932000074',
  tvaNumber: 'FR44732829320',
  phone: '0478123456',
  email: null,
  address: null,
  postalCode: null,
  city: 'Lyon',
  legalForm: 'SARL',
  shareCapital: 750_000,
  registryKind: null,
  registryPlace: null,
  vatExemption: null,
  iban: 'FR7630006000011234567890189',
  vatOnDebits: false,
  vatFiling: 'normal-monthly',
  einvoicingAddress: '',
  latePenaltyRate: null,
  fiscalYearStartMonth: 1,
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getCompanyProfile).mockResolvedValue(profile);
  vi.mocked(saveCompanyProfile).mockImplementation(async (_, body) => ({ ...profile, name: String(body.name) }));
});

describe('CompanyProfilePage', { timeout: 45_000 }, () => {
  it('under TOUT asks to pick a garage and loads nothing', () => {
    useSession.setState({ claims: adminClaims(0) });
    renderPage(<CompanyProfilePage />);
    expect(screen.getByText(GARAGE_ADMIN_PICK_GARAGE)).toBeInTheDocument();
    expect(getCompanyProfile).not.toHaveBeenCalled();
  });

  it('shows the profile (capital in euros, IBAN in groups) and saves it', async () => {
    useSession.setState({ claims: adminClaims(2) });
    renderPage(<CompanyProfilePage />);
    expect(await screen.findByLabelText('Raison sociale')).toHaveValue('Vitrage Express Lyon');
    expect(screen.getByLabelText('Capital social (€)')).toHaveValue('7500,00');
    expect(screen.getByLabelText('IBAN')).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
    fireEvent.change(screen.getByLabelText('Raison sociale'), { target: { value: 'VE Lyon Sud' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(COMPANY_PROFILE_SAVED)).toBeInTheDocument();
    expect(vi.mocked(saveCompanyProfile).mock.calls[0]).toEqual([2, expect.objectContaining({ name: 'VE Lyon Sud' })]);
  });

  it('checks the e-invoicing address as typed, and says which one applies when it is left empty', async () => {
    useSession.setState({ claims: adminClaims(2) });
    renderPage(<CompanyProfilePage />);
    const address = await screen.findByLabelText('Adresse de facturation électronique');
    expect(screen.getByText(/Vide : 0225 et votre SIREN \(0225:732829320\)/)).toBeInTheDocument();
    fireEvent.change(address, { target: { value: '0225:garage des essais' } });
    expect(await screen.findByText(EINVOICING_ADDRESS_INVALID)).toBeInTheDocument();
    fireEvent.change(address, { target: { value: '0225:732829320_FACTURES' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(COMPANY_PROFILE_SAVED)).toBeInTheDocument();
    expect(vi.mocked(saveCompanyProfile).mock.calls[0]).toEqual([
      2,
      expect.objectContaining({ einvoicingAddress: '0225:732829320_FACTURES' }),
    ]);
  });

  it('refuses a wrong IBAN before sending, and shows the server’s refusal', async () => {
    useSession.setState({ claims: adminClaims(2) });
    renderPage(<CompanyProfilePage />);
    const iban = await screen.findByLabelText('IBAN');
    fireEvent.change(iban, { target: { value: 'FR76 3000 6000 0112 3456 7890 188' } });
    expect(await screen.findByText(IBAN_INVALID)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saveCompanyProfile).not.toHaveBeenCalled();

    fireEvent.change(iban, { target: { value: 'FR7630006000011234567890189' } });
    vi.mocked(saveCompanyProfile).mockRejectedValue(
      new ApiError(400, { message: 'Numéro de TVA invalide : il ne correspond pas au SIREN du SIRET' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(screen.getByText('Numéro de TVA invalide : il ne correspond pas au SIREN du SIRET')).toBeInTheDocument(),
    );
  });
});
