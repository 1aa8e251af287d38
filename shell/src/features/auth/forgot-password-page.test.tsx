import { fireEvent, screen } from '@testing-library/react';
import { PASSWORD_RESET_RATE_LIMIT, PASSWORD_RESET_REQUESTED, passwordResetRequestedSchema } from 'contracts';
import { ApiError, request } from 'shared-ui';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage } from './forgot-password-page';

vi.mock('shared-ui', async (original) => ({
  ...(await original<typeof import('shared-ui')>()),
  request: vi.fn(),
}));

const ask = (email: string) => {
  fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Recevoir un lien' }));
};

beforeEach(() => {
  vi.mocked(request).mockReset();
});

describe('ForgotPasswordPage', { timeout: 30_000 }, () => {
  it('sends the address and shows the server’s neutral answer, with the way back to the sign-in page', async () => {
    vi.mocked(request).mockResolvedValueOnce({ message: PASSWORD_RESET_REQUESTED });
    renderWithProviders(<ForgotPasswordPage />);
    ask('lucie@centre.garage.fr');
    expect(await screen.findByText(PASSWORD_RESET_REQUESTED)).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('api/password-reset', passwordResetRequestedSchema, {
      method: 'post',
      json: { email: 'lucie@centre.garage.fr' },
    });
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });

  it('checks the address in the browser, and keeps it when the server refuses', async () => {
    vi.mocked(request).mockRejectedValueOnce(new ApiError(429, { message: PASSWORD_RESET_RATE_LIMIT }));
    renderWithProviders(<ForgotPasswordPage />);
    ask('pas une adresse');
    expect(await screen.findByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    ask('lucie@centre.garage.fr');
    expect(await screen.findByText(PASSWORD_RESET_RATE_LIMIT)).toBeInTheDocument();
    expect(screen.getAllByText(PASSWORD_RESET_RATE_LIMIT)).toHaveLength(1);
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue('lucie@centre.garage.fr');
  });
});
