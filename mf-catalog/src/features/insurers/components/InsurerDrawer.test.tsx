import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InsurerEntry } from 'contracts';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveInsurer } from '../api/insurers';
import { InsurerDrawer } from './InsurerDrawer';

vi.mock('../api/insurers', () => ({ saveInsurer: vi.fn(), insurerFetcher: vi.fn(), deleteInsurer: vi.fn() }));

const network: InsurerEntry = {
  id: 4,
  companyId: 1,
  companyName: 'Vitrage Express Siège',
  shortName: 'MAIF',
  legalName: 'MAIF',
  siren: '775709702',
  address: '200 avenue Salvador Allende',
  postalCode: '79000',
  city: 'Niort',
  billingAddress: '',
  vatNumber: 'FR36775709702',
  einvoicingAddress: '775709702',
  email: '',
  shared: true,
  editable: false,
};

beforeEach(() => {
  vi.mocked(saveInsurer).mockReset();
  useSession.setState({ claims: lyonClaims() });
});

describe('InsurerDrawer', () => {
  it('shows a network entry to a garage without letting it change it', () => {
    renderWithProviders(<InsurerDrawer insurer={network} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByText(/seul le franchiseur modifie cet assureur/)).toBeInTheDocument();
    expect(screen.getByLabelText('Raison sociale')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Partager avec tous les centres du réseau')).not.toBeInTheDocument();
  });

  it('checks the SIREN in French before sending, then saves the garage’s own entry', async () => {
    const onSaved = vi.fn();
    vi.mocked(saveInsurer).mockResolvedValue({ ...network, id: 9, companyId: 2, shared: false, editable: true });
    renderWithProviders(<InsurerDrawer onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('Nom affiché'), { target: { value: 'Mutuelle Locale' } });
    fireEvent.change(screen.getByLabelText('Raison sociale'), { target: { value: 'Mutuelle Locale SA' } });
    fireEvent.change(screen.getByLabelText('SIREN'), { target: { value: '552100555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('SIREN invalide : 9 chiffres, clé de contrôle incorrecte')).toBeInTheDocument();
    expect(saveInsurer).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('SIREN'), { target: { value: '552 100 554' } });
    fireEvent.change(screen.getByLabelText('Adresse de facturation (service sinistres)'), {
      target: { value: 'Service sinistres, TSA 12345, 79060 Niort Cedex 9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(vi.mocked(saveInsurer).mock.calls[0]).toEqual([
      undefined,
      expect.objectContaining({
        shortName: 'Mutuelle Locale',
        legalName: 'Mutuelle Locale SA',
        siren: '552 100 554',
        billingAddress: 'Service sinistres, TSA 12345, 79060 Niort Cedex 9',
      }),
    ]);
  });

  it('offers the franchisor to share an entry with its network', () => {
    useSession.setState({ claims: lyonClaims({ role: 'ROLE_FRANCHISEUR' }) });
    renderWithProviders(<InsurerDrawer onClose={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByLabelText('Partager avec tous les centres du réseau')).toBeInTheDocument();
  });
});
