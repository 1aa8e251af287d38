import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CENTRE_MESSAGES, PASSWORD_RESET_DONE, PASSWORD_RESET_EXPIRED, PASSWORD_RESET_USED } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ApiError, request, send } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('shared-ui', async (original) => ({
  ...(await original<typeof import('shared-ui')>()),
  request: vi.fn(),
  send: vi.fn(),
}));

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
    </Routes>,
    { route: '/reset-password/abc_DEF-123' },
  );

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));

beforeEach(() => {
  vi.mocked(request).mockReset();
  vi.mocked(send).mockReset();
});

describe('ResetPasswordPage', { timeout: 30_000 }, () => {
  it('checks the two passwords in the browser, saves them, then points to /login', async () => {
    vi.mocked(request).mockResolvedValueOnce({ email: 'lucie@centre.garage.fr', expiresAt: '2026-12-01T10:30:00Z' });
    vi.mocked(send).mockResolvedValueOnce(new Response(null, { status: 204 }));
    renderPage();
    expect(await screen.findByText('lucie@centre.garage.fr')).toBeInTheDocument();
    expect(vi.mocked(request).mock.calls[0]?.[0]).toBe('api/password-reset/abc_DEF-123');

    type('Nouveau mot de passe', 'court');
    submit();
    expect(await screen.findByText(CENTRE_MESSAGES.passwordTooShort)).toBeInTheDocument();
    type('Nouveau mot de passe', 'Nouveau-2026!');
    type('Confirmez le mot de passe', 'Nouveau-2027!');
    submit();
    expect(await screen.findByText(CENTRE_MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    type('Confirmez le mot de passe', 'Nouveau-2026!');
    submit();
    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('api/password-reset/abc_DEF-123', {
      json: { password: 'Nouveau-2026!', confirmation: 'Nouveau-2026!' },
    });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('says why a link cannot be used and offers a new one', async () => {
    vi.mocked(request).mockRejectedValue(new ApiError(410, { message: PASSWORD_RESET_EXPIRED }));
    renderPage();
    expect(await screen.findByText(PASSWORD_RESET_EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
  });

  it('replaces the form when the link died while the password was typed', async () => {
    vi.mocked(request).mockResolvedValueOnce({ email: 'lucie@centre.garage.fr', expiresAt: '2026-12-01T10:30:00Z' });
    vi.mocked(send).mockRejectedValueOnce(new ApiError(410, { message: PASSWORD_RESET_USED }));
    renderPage();
    await screen.findByText('lucie@centre.garage.fr');
    type('Nouveau mot de passe', 'Nouveau-2026!');
    type('Confirmez le mot de passe', 'Nouveau-2026!');
    submit();
    expect(await screen.findByText(PASSWORD_RESET_USED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull());
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toBeInTheDocument();
  });
});
