import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DisplayTokenClaims } from 'contracts';
import { MemoryRouter } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { SideMenu } from './side-menu';

const claims = (roles: string[]): DisplayTokenClaims => ({
  name: 'Nadia Petit',
  email: 'nadia@garage.fr',
  roles,
  companyId: 1,
  franchiseId: null,
  companies: [{ id: 1, name: 'Vitrage Express Paris 15', roles }],
  jeton: 45,
  isReferent: false,
});

describe('SideMenu', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws every entry as a real link, the accountant’s books under "Suite du menu" open by itself', async () => {
    useSession.setState({ claims: claims(['ROLE_COMPTABLE']), token: 'x', jeton: 45 });
    render(
      <MemoryRouter>
        <SideMenu />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Factures' })).toHaveAttribute('href', '/quotation/list/invoice');
    expect(screen.getByRole('link', { name: 'Paiement' })).toHaveAttribute('href', '/paiement/list/paiement');
    expect(screen.queryByRole('link', { name: 'Devis' })).not.toBeInTheDocument();
    // A short menu hides nothing: its rest is open at once.
    expect(screen.getByText('Suite du menu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Comptabilité' })).toHaveAttribute('href', '/accounting');
    expect(screen.getByRole('link', { name: 'Clôtures' })).toHaveAttribute('href', '/closings');
    expect(screen.getByRole('link', { name: 'Intégrité' })).toHaveAttribute('href', '/integrity');
  });

  it('opens "Suite du menu" and its nested Messages children', async () => {
    useSession.setState({ claims: claims(['ROLE_SERVICE_CLIENT']), token: 'x', jeton: 45 });
    render(
      <MemoryRouter>
        <SideMenu />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByText('Suite du menu'));
    expect(await screen.findByRole('link', { name: 'Mes notifications' })).toHaveAttribute('href', '/me/notifications');
    await user.click(screen.getByText('Messages'));
    expect(await screen.findByRole('link', { name: 'Nouveau SMS' })).toHaveAttribute(
      'href',
      '/message_template/sms/new',
    );
  });
});
