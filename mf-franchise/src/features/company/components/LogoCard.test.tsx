import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Company, LOGO_MAX_BYTES, LOGO_REMOVED, LOGO_SAVED, LOGO_TOO_LARGE_MESSAGE } from 'contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/test-render';
import { deleteCompanyLogo, getCompanyInfos, uploadCompanyLogo } from '../api/company';
import { LogoCard } from './LogoCard';

vi.mock('../api/company', () => ({
  getCompanyInfos: vi.fn(),
  uploadCompanyLogo: vi.fn(),
  deleteCompanyLogo: vi.fn(),
}));

const lyon = (logoUrl: string | null): Company => ({
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
  hourlyRate: null,
  defaultTaxRate: 20,
  logoUrl,
});

const infos = (company: Company) => ({ company, companies: [company], franchiseLogoUrl: null });

const pick = (file: File) => fireEvent.change(screen.getByLabelText('Image du logo'), { target: { files: [file] } });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(uploadCompanyLogo).mockResolvedValue({ logoUrl: '/api/company/2/logo?v=42' });
  vi.mocked(deleteCompanyLogo).mockResolvedValue(new Response(null, { status: 204 }));
});

describe('LogoCard', { timeout: 45_000 }, () => {
  it('sends the chosen image and shows it', async () => {
    vi.mocked(getCompanyInfos).mockResolvedValue(infos(lyon(null)));
    renderPage(<LogoCard companyId={2} />);
    expect(await screen.findByText('Aucun logo pour ce garage')).toBeInTheDocument();
    expect(screen.getByLabelText('Image du logo')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    expect(screen.getByRole('button', { name: 'Envoyer le logo' })).toBeDisabled();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    pick(file);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le logo' }));
    expect(await screen.findByText(LOGO_SAVED)).toBeInTheDocument();
    expect(uploadCompanyLogo).toHaveBeenCalledWith(2, file);
    expect(screen.getByAltText('Logo du garage')).toHaveAttribute('src', '/api/company/2/logo?v=42');
  });

  it('refuses an image above 1 MB without sending it', async () => {
    vi.mocked(getCompanyInfos).mockResolvedValue(infos(lyon(null)));
    renderPage(<LogoCard companyId={2} />);
    await screen.findByText('Aucun logo pour ce garage');
    pick(new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'grand.png', { type: 'image/png' }));
    expect(await screen.findByText(LOGO_TOO_LARGE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer le logo' })).toBeDisabled();
    expect(uploadCompanyLogo).not.toHaveBeenCalled();
  });

  it('removes the logo once confirmed', async () => {
    vi.mocked(getCompanyInfos).mockResolvedValue(infos(lyon('/api/company/2/logo?v=7')));
    renderPage(<LogoCard companyId={2} />);
    expect(await screen.findByAltText('Logo du garage')).toHaveAttribute('src', '/api/company/2/logo?v=7');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le logo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText(LOGO_REMOVED)).toBeInTheDocument();
    expect(deleteCompanyLogo).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.queryByAltText('Logo du garage')).not.toBeInTheDocument());
    expect(screen.getByText('Aucun logo pour ce garage')).toBeInTheDocument();
  });
});
