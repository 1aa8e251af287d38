import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlatformSettingsView } from 'contracts';
import { useSession } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, renderPage } from '../../../test/test-render';
import { getPlatformSettings, savePlatform, testPlatform } from '../api/einvoicing';
import { EinvoicingPage } from './EinvoicingPage';

vi.mock('../api/einvoicing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/einvoicing')>()),
  getPlatformSettings: vi.fn(),
  savePlatform: vi.fn(),
  testPlatform: vi.fn(),
}));

const stored = {
  flowUrl: 'https://api.plateforme.fr/flow-service',
  directoryUrl: 'https://api.plateforme.fr/directory-service',
  tokenUrl: 'https://auth.plateforme.fr/oauth2/token',
  clientId: 'garage-lyon',
  clientSecretSet: true,
};
const settings = (overrides: Partial<PlatformSettingsView> = {}): PlatformSettingsView => ({
  companyId: 2,
  network: { id: 7, name: 'Vitrage Express', editable: false },
  garage: stored,
  networkSetting: null,
  source: 'garage',
  electronicAddress: '0225:812345676',
  webhook: null,
  demo: false,
  ...overrides,
});
const open = () => renderPage(<EinvoicingPage />, '/company/einvoicing', '/company/einvoicing');

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ claims: adminClaims(2) });
});

describe('EinvoicingPage', () => {
  it('saves the garage’s platform with the stored secret kept when left empty', async () => {
    vi.mocked(getPlatformSettings).mockResolvedValue(settings());
    vi.mocked(savePlatform).mockResolvedValue(settings({ garage: { ...stored, clientId: 'garage-lyon-2' } }));
    open();
    expect(await screen.findByTestId('sender-source')).toHaveTextContent('Utilisé : Réglage du garage');
    expect(screen.getByText('0225:812345676')).toBeInTheDocument();
    expect(screen.getByText('pas encore : testez la connexion pour abonner le garage')).toBeInTheDocument();
    expect(screen.getByLabelText('Secret client')).toHaveAttribute(
      'placeholder',
      'Enregistré — laissez vide pour le garder',
    );

    fireEvent.change(screen.getByLabelText('Identifiant client'), { target: { value: 'garage-lyon-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(savePlatform).toHaveBeenCalled());
    expect(vi.mocked(savePlatform).mock.calls[0]).toEqual([
      2,
      {
        level: 'garage',
        platform: {
          flowUrl: 'https://api.plateforme.fr/flow-service',
          directoryUrl: 'https://api.plateforme.fr/directory-service',
          tokenUrl: 'https://auth.plateforme.fr/oauth2/token',
          clientId: 'garage-lyon-2',
          clientSecret: undefined,
        },
      },
    ]);
    expect(await screen.findByText('Plateforme agréée enregistrée')).toBeInTheDocument();
  });

  it('shows each step of the connection test, a failed one with what the platform answered', async () => {
    vi.mocked(getPlatformSettings).mockResolvedValue(settings());
    vi.mocked(testPlatform).mockResolvedValue({
      ok: false,
      steps: [
        { label: 'Jeton d’accès (OAuth2)', ok: true, detail: 'Jeton obtenu' },
        { label: 'Service des flux', ok: true, detail: 'Répond' },
        { label: 'Annuaire', ok: false, detail: 'Le SIREN 812345676 n’est pas dans l’annuaire de la plateforme' },
      ],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Tester la connexion' }));
    const result = await screen.findByTestId('platform-test-result');
    expect(testPlatform).toHaveBeenCalledWith(2);
    const steps = within(result).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(within(steps[0] as HTMLElement).getByRole('img', { name: 'Réussi' })).toBeInTheDocument();
    expect(steps[0]).toHaveTextContent('Jeton d’accès (OAuth2)Jeton obtenu');
    expect(within(steps[1] as HTMLElement).getByRole('img', { name: 'Réussi' })).toBeInTheDocument();
    const failed = steps[2] as HTMLElement;
    expect(within(failed).getByRole('img', { name: 'Échoué' })).toBeInTheDocument();
    expect(failed).toHaveTextContent('Annuaire');
    expect(failed).toHaveTextContent('Le SIREN 812345676 n’est pas dans l’annuaire de la plateforme');
    expect(within(result).getByText('La connexion a échoué')).toBeInTheDocument();
  });

  it('without a platform, says the supplier invoices are not received; on the demo, where they come from', async () => {
    vi.mocked(getPlatformSettings).mockResolvedValue(settings({ garage: null, source: 'none', demo: true }));
    open();
    expect(
      await screen.findByText('Aucune plateforme : les factures fournisseurs ne sont pas reçues'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tester la connexion' })).toBeDisabled();
    expect(screen.getByText(/Plateforme de démonstration/)).toHaveTextContent(
      'Plateforme de démonstration : les factures fournisseurs de la démo arrivent de la plateforme de test lancée avec pnpm start',
    );
  });
});
