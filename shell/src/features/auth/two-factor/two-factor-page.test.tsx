import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TWO_FACTOR_DISABLED, type TwoFactorStatus } from 'contracts';
import { useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { disableTwoFactor, getTwoFactorStatus, renewRecoveryCodes } from './two-factor-api';
import { TwoFactorPage } from './two-factor-page';

vi.mock('./two-factor-api', async (original) => ({
  ...(await original<typeof import('./two-factor-api')>()),
  getTwoFactorStatus: vi.fn(),
  disableTwoFactor: vi.fn(),
  enableTwoFactor: vi.fn(),
  renewRecoveryCodes: vi.fn(),
  startTwoFactorSetup: vi.fn(),
}));
const readStatus = vi.mocked(getTwoFactorStatus);

const status = (enabled: boolean, recoveryCodesLeft = 10): TwoFactorStatus => ({
  enabled,
  enabledAt: enabled ? '2026-11-02T09:30:00.000Z' : null,
  recoveryCodesLeft,
  required: false,
});
const codes = Array.from({ length: 10 }, (_, index) => `CODE-${index}`);

const typeCode = (submit: string) => {
  fireEvent.change(screen.getByLabelText('Code à 6 chiffres de l’application'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
};

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ claims: lyonClaims() });
});

describe('TwoFactorPage', { timeout: 45_000 }, () => {
  it('shows the factor turned off as the server answered it, without reading it again', async () => {
    readStatus.mockResolvedValue(status(true));
    vi.mocked(disableTwoFactor).mockResolvedValue(status(false, 0));
    renderWithProviders(<TwoFactorPage />);
    expect(await screen.findByText('Activée')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver' }));
    typeCode('Désactiver');

    expect(await screen.findByText(TWO_FACTOR_DISABLED)).toBeInTheDocument();
    expect(await screen.findByText('Désactivée')).toBeInTheDocument();
    expect(disableTwoFactor).toHaveBeenCalledWith('123456');
    expect(readStatus).toHaveBeenCalledTimes(1);
  });

  it('shows new recovery codes once, then the count read again', async () => {
    readStatus.mockResolvedValue(status(true, 3));
    vi.mocked(renewRecoveryCodes).mockResolvedValue({ recoveryCodes: codes });
    renderWithProviders(<TwoFactorPage />);
    expect(await screen.findByText('3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nouveaux codes de secours' }));
    readStatus.mockResolvedValue(status(true, 10));
    typeCode('Générer de nouveaux codes');

    const shown = await screen.findByTestId('recovery-codes');
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    await waitFor(() => expect(readStatus).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'J’ai conservé mes codes' }));
    expect(await screen.findByText('10')).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });
});
