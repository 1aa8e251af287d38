import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../runtime/session-store';
import { GaragePicker } from './GaragePicker';

afterEach(() => vi.unstubAllGlobals());

describe('GaragePicker', () => {
  it('says why a garage is needed and chooses one of the user’s right here', async () => {
    useSession.setState({
      claims: {
        name: 'Sophie Martin',
        email: 'multi@demo.garage.fr',
        roles: ['ROLE_POSEUR_ADMIN'],
        companyId: 0,
        franchiseId: 1,
        companies: [
          { id: 2, name: 'Vitrage Express Lyon', roles: ['ROLE_POSEUR_ADMIN'] },
          { id: 4, name: 'Vitrage Express Marseille', roles: ['ROLE_POSEUR_ADMIN'] },
        ],
        jeton: 0,
        isReferent: false,
      },
    });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ token: 'x.y.z' }), { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    render(<GaragePicker message="Sélectionnez un garage en haut à gauche pour acheter des unités" />);
    expect(screen.getByText('Sélectionnez un garage en haut à gauche pour acheter des unités')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Vitrage Express Marseille' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [Request | string, RequestInit | undefined];
    const target = typeof url === 'string' ? url : url.url;
    expect(target).toContain('company/select/4');
    expect((typeof url === 'string' ? init?.method : url.method)?.toUpperCase()).toBe('POST');
  });
});
