import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_CONFIG, type DisplayTokenClaims, PHONE_MESSAGE } from 'contracts';
import { useSession } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { getCompanyUsers } from '../api/get-company-users';
import { getConfiguration } from '../api/get-configuration';
import { saveConfiguration } from '../api/save-configuration';
import { ConfigurationPage } from './ConfigurationPage';

vi.mock('../api/get-configuration', () => ({ getConfiguration: vi.fn() }));
vi.mock('../api/get-company-users', () => ({ getCompanyUsers: vi.fn() }));
vi.mock('../api/save-configuration', () => ({ saveConfiguration: vi.fn() }));

const claims = (companyId: number): DisplayTokenClaims => ({
  name: 'Julien Moreau',
  email: 'poseur.admin@demo.garage.fr',
  roles: ['ROLE_POSEUR_ADMIN'],
  companyId,
  franchiseId: 1,
  companies: [{ id: 2, name: 'Vitrage Express Lyon', roles: ['ROLE_POSEUR_ADMIN'] }],
  jeton: 10,
  isReferent: false,
});

beforeEach(() => {
  vi.mocked(getConfiguration).mockResolvedValue({ ...DEFAULT_NOTIFICATION_CONFIG, phones: [{ phone: '0478123456' }] });
  vi.mocked(getCompanyUsers).mockResolvedValue([
    { id: 3, name: 'Julien Moreau' },
    { id: 4, name: '' },
  ]);
  vi.mocked(saveConfiguration).mockResolvedValue({ code: 200, detail: 'Configuration sauvegardée' });
});

describe('ConfigurationPage', () => {
  it('under TOUT shows only the warning, and loads nothing', () => {
    useSession.setState({ claims: claims(0) });
    renderPage(<ConfigurationPage />);
    expect(
      screen.getByText("Cette page ne s'affiche que si un garage est sélectionné en haut à gauche"),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(getConfiguration).not.toHaveBeenCalled();
  });

  it('shows the three tabs and refuses a phone that is not 10 digits', async () => {
    useSession.setState({ claims: claims(2) });
    renderPage(<ConfigurationPage />);
    expect(await screen.findByRole('tab', { name: 'SMS' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Emails' })).toBeInTheDocument();
    const phone = screen.getByLabelText('Numéro de téléphone 1');
    expect(phone).toHaveValue('0478123456');
    fireEvent.change(phone, { target: { value: '06123' } });
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saveConfiguration).not.toHaveBeenCalled();
  });

  it('saves and shows "Configuration sauvegardée"; a refusal shows the server error and keeps the values', async () => {
    useSession.setState({ claims: claims(2) });
    renderPage(<ConfigurationPage />);
    const phone = await screen.findByLabelText('Numéro de téléphone 1');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Configuration sauvegardée')).toBeInTheDocument();
    expect(vi.mocked(saveConfiguration).mock.calls[0]?.[0]).toMatchObject({ phones: [{ phone: '0478123456' }] });

    vi.mocked(saveConfiguration).mockResolvedValue({ code: 400, error: 'Utilisateur inconnu pour ce garage' });
    fireEvent.change(phone, { target: { value: '0611223344' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Utilisateur inconnu pour ce garage')).toBeInTheDocument();
    expect(phone).toHaveValue('0611223344');
  });

  it('opened again after a save, shows the configuration saved, not the one read before', async () => {
    useSession.setState({ claims: claims(2) });
    const { unmount } = renderPage(<ConfigurationPage />);
    fireEvent.change(await screen.findByLabelText('Numéro de téléphone 1'), { target: { value: '0611223344' } });
    const reads = vi.mocked(getConfiguration).mock.calls.length;
    vi.mocked(getConfiguration).mockResolvedValue({
      ...DEFAULT_NOTIFICATION_CONFIG,
      phones: [{ phone: '0611223344' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Configuration sauvegardée')).toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(getConfiguration).mock.calls.length).toBeGreaterThan(reads));
    unmount();

    renderPage(<ConfigurationPage />);
    expect(await screen.findByLabelText('Numéro de téléphone 1')).toHaveValue('0611223344');
  });
});
