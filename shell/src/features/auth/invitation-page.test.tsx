import { fireEvent, screen } from '@testing-library/react';
import { INVITATION_ACCEPTED, INVITATION_WRONG_PASSWORD } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ApiError, request, send } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvitationPage } from './invitation-page';

vi.mock('shared-ui', async (original) => ({
  ...(await original<typeof import('shared-ui')>()),
  request: vi.fn(),
  send: vi.fn(),
}));

const info = (hasAccount: boolean) => ({
  email: 'karim@exemple.fr',
  firstname: 'Karim',
  companyName: 'Vitrage Express Lyon',
  roles: ['ROLE_CMD'],
  hasAccount,
  expiresAt: '2026-12-01T10:00:00.000Z',
});

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/invitation/:token" element={<InvitationPage />} />
    </Routes>,
    { route: '/invitation/abc_DEF-123' },
  );

beforeEach(() => {
  vi.mocked(request).mockReset();
  vi.mocked(send).mockReset();
});

describe('InvitationPage', { timeout: 30_000 }, () => {
  it('an existing account confirms with its own password (kept in the field when refused), then is pointed to /login', async () => {
    vi.mocked(request).mockResolvedValueOnce(info(true));
    vi.mocked(send)
      .mockRejectedValueOnce(new ApiError(400, { message: INVITATION_WRONG_PASSWORD }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    renderPage();
    expect(await screen.findByText('Vitrage Express Lyon')).toBeInTheDocument();
    expect(vi.mocked(request).mock.calls[0]?.[0]).toBe('api/invitation/abc_DEF-123');
    expect(screen.queryByLabelText('Confirmez le mot de passe')).toBeNull();
    fireEvent.change(screen.getByLabelText('Votre mot de passe'), { target: { value: 'mauvais' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accepter l’invitation' }));
    expect(await screen.findByText(INVITATION_WRONG_PASSWORD)).toBeInTheDocument();
    // Said once, above the form: no passing message besides.
    expect(screen.getAllByText(INVITATION_WRONG_PASSWORD)).toHaveLength(1);
    expect(screen.getByLabelText('Votre mot de passe')).toHaveValue('mauvais');
    fireEvent.click(screen.getByRole('button', { name: 'Accepter l’invitation' }));
    expect(await screen.findByText(INVITATION_ACCEPTED)).toBeInTheDocument();
    expect(vi.mocked(send)).toHaveBeenLastCalledWith('api/invitation/abc_DEF-123', { json: { password: 'mauvais' } });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('says why a link cannot be used', async () => {
    vi.mocked(request).mockRejectedValue(new ApiError(410, { message: 'Cette invitation a expiré' }));
    renderPage();
    expect(await screen.findByText('Cette invitation a expiré')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accepter l’invitation' })).toBeNull();
  });
});
