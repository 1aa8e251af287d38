import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACTIVATION_DONE, ACTIVATION_PASSWORD_REQUIRED, CENTRE_MESSAGES } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ApiError, request, send } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivatePage } from './activate-page';

vi.mock('shared-ui', async (original) => ({
  ...(await original<typeof import('shared-ui')>()),
  request: vi.fn(),
  send: vi.fn(),
}));

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/activate/:token" element={<ActivatePage />} />
    </Routes>,
    { route: '/activate/abc_DEF-123' },
  );

beforeEach(() => {
  vi.mocked(request).mockReset();
  vi.mocked(send).mockReset();
});

describe('ActivatePage', () => {
  it('shows the account, activates it once, then points to /login', async () => {
    vi.mocked(request).mockResolvedValueOnce({
      email: 'lucie@centre.garage.fr',
      firstname: 'Lucie',
      setsPassword: false,
    });
    vi.mocked(send).mockResolvedValueOnce(new Response(null, { status: 204 }));
    renderPage();
    expect(await screen.findByText('lucie@centre.garage.fr')).toBeInTheDocument();
    expect(vi.mocked(request).mock.calls[0]?.[0]).toBe('api/activation/abc_DEF-123');
    fireEvent.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    expect(await screen.findByText(ACTIVATION_DONE)).toBeInTheDocument();
    expect(vi.mocked(send)).toHaveBeenCalledWith('api/activation/abc_DEF-123');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('says above the button why the activation was refused, and lets the user try again', async () => {
    vi.mocked(request).mockResolvedValueOnce({
      email: 'lucie@centre.garage.fr',
      firstname: 'Lucie',
      setsPassword: false,
    });
    vi.mocked(send)
      .mockRejectedValueOnce(new ApiError(409, { message: 'Ce compte est déjà activé' }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Activer mon compte' }));
    expect(await screen.findByText('Ce compte est déjà activé')).toBeInTheDocument();
    // Said once, in the page: no passing message besides.
    expect(screen.getAllByText('Ce compte est déjà activé')).toHaveLength(1);
    // The refusal is written while the call ends; the button takes clicks again once it stops spinning (a click
    // on a loading antd button does nothing: on a loaded machine the test clicked in between).
    const button = screen.getByRole('button', { name: 'Activer mon compte' });
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(button);
    expect(await screen.findByText(ACTIVATION_DONE)).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('asks an account without a password to choose it, typed twice, and sends it with the activation', async () => {
    vi.mocked(request).mockResolvedValueOnce({
      email: 'nadia@reseau.garage.fr',
      firstname: 'Nadia',
      setsPassword: true,
    });
    vi.mocked(send)
      .mockRejectedValueOnce(new ApiError(400, { message: ACTIVATION_PASSWORD_REQUIRED }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    renderPage();
    expect(await screen.findByText('nadia@reseau.garage.fr')).toBeInTheDocument();
    // A click on a spinning antd button does nothing: wait for the previous call to end first.
    const activate = async () => {
      const button = screen.getByRole('button', { name: 'Activer mon compte' });
      await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
      fireEvent.click(button);
    };
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await activate();
    await waitFor(() => expect(screen.getAllByText(CENTRE_MESSAGES.passwordRequired)).toHaveLength(2));
    expect(send).not.toHaveBeenCalled();
    type('Nouveau mot de passe', 'Premier-2026!');
    type('Confirmez le mot de passe', 'Premier-2026!');
    await activate();
    // A refusal of the server is said above the form, and what was typed stays.
    expect(await screen.findByText(ACTIVATION_PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveValue('Premier-2026!');
    await activate();
    expect(await screen.findByText(ACTIVATION_DONE)).toBeInTheDocument();
    expect(send).toHaveBeenLastCalledWith('api/activation/abc_DEF-123', {
      json: { password: 'Premier-2026!', confirmation: 'Premier-2026!' },
    });
  });

  it('says why a link cannot be used', async () => {
    vi.mocked(request).mockRejectedValue(new ApiError(410, { message: 'Ce lien d’activation a expiré' }));
    renderPage();
    expect(await screen.findByText('Ce lien d’activation a expiré')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activer mon compte' })).toBeNull();
  });
});
