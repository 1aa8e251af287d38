import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SendingSettings } from 'contracts';
import { useSession } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, renderPage } from '../../../test/test-render';
import { getSendingSettings, saveMailServer, sendTest } from '../api/sending';
import { SendingPage } from './SendingPage';

vi.mock('../api/sending', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/sending')>()),
  getSendingSettings: vi.fn(),
  saveMailServer: vi.fn(),
  sendTest: vi.fn(),
}));

const stored = {
  host: 'smtp.reseau.fr',
  port: 587,
  security: 'starttls' as const,
  username: 'reseau',
  fromAddress: 'contact@reseau.fr',
  fromName: 'Réseau',
  passwordSet: true,
};
const settings = (overrides: Partial<SendingSettings> = {}): SendingSettings => ({
  companyId: 2,
  network: { id: 7, name: 'Vitrage Express', editable: false },
  mail: { garage: null, network: stored, source: 'network' },
  sms: { garage: null, network: null, source: 'none' },
  demoSink: false,
  ...overrides,
});

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ claims: adminClaims(2) });
});

describe('SendingPage', () => {
  it('says which setting the messages use; a centre saves its own server, the password kept when left empty', async () => {
    vi.mocked(getSendingSettings).mockResolvedValue(settings());
    vi.mocked(saveMailServer).mockResolvedValue(
      settings({ mail: { garage: { ...stored, host: 'smtp.garage.fr' }, network: stored, source: 'garage' } }),
    );
    renderPage(<SendingPage />, '/company/sending', '/company/sending');
    const [mailSource, smsSource] = await screen.findAllByTestId('sender-source');
    expect(mailSource).toHaveTextContent('Utilisé : Réglage du réseau');
    expect(smsSource).toHaveTextContent('Aucun : les messages attendent dans la file d’envoi');
    // The centre may not set the whole network: its own garage is what it edits.
    for (const choice of screen.getAllByRole('radio', { name: 'Tout le réseau Vitrage Express' })) {
      expect(choice).toBeDisabled();
    }

    const card = screen.getByText('E-mails : serveur d’envoi (SMTP)').closest('.ant-card') as HTMLElement;
    fireEvent.change(within(card).getByLabelText('Serveur'), { target: { value: 'smtp.garage.fr' } });
    fireEvent.change(within(card).getByLabelText('Adresse d’expéditeur'), { target: { value: 'atelier@garage.fr' } });
    expect(await within(card).findByText(/le domaine/)).toHaveTextContent('garage.fr');
    fireEvent.click(within(card).getByRole('button', { name: 'Enregistrer le serveur' }));
    await waitFor(() => expect(saveMailServer).toHaveBeenCalled());
    expect(vi.mocked(saveMailServer).mock.calls[0]).toEqual([
      2,
      {
        level: 'garage',
        server: {
          host: 'smtp.garage.fr',
          port: 587,
          security: 'starttls',
          username: '',
          fromAddress: 'atelier@garage.fr',
          fromName: '',
          password: undefined,
        },
      },
    ]);
    expect(await screen.findByText('Serveur d’envoi enregistré')).toBeInTheDocument();
  });

  it('shows the server’s answer to a test, a refusal word for word', async () => {
    vi.mocked(getSendingSettings).mockResolvedValue(settings());
    vi.mocked(sendTest).mockResolvedValue({
      sent: false,
      detail: 'Refusé par le serveur : EAUTH: 535 Identifiants invalides',
    });
    renderPage(<SendingPage />, '/company/sending', '/company/sending');
    fireEvent.change(await screen.findByLabelText('Adresse e-mail du test'), { target: { value: 'moi@garage.fr' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Envoyer un test' })[0] as HTMLElement);
    expect(await screen.findByTestId('mail-test-result')).toHaveTextContent(
      'Refusé par le serveur : EAUTH: 535 Identifiants invalides',
    );
    expect(sendTest).toHaveBeenCalledWith(2, 'mail', { to: 'moi@garage.fr' });
    // No provider: the SMS test cannot be sent, and the card says why.
    expect(screen.getByLabelText('Mobile du test')).toBeDisabled();
    expect(
      screen.getByText('Aucun fournisseur : les SMS du garage attendent dans la file d’envoi'),
    ).toBeInTheDocument();
  });

  it('on a demonstration server, leads to the messages the sink received', async () => {
    vi.mocked(getSendingSettings).mockResolvedValue(settings({ demoSink: true }));
    renderPage(<SendingPage />, '/company/sending', '/company/sending');
    expect(await screen.findByRole('link', { name: 'Messages envoyés (démo)' })).toHaveAttribute(
      'href',
      '/demo/messages',
    );
  });
});
