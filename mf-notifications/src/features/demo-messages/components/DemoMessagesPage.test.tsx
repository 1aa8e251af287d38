import { screen } from '@testing-library/react';
import { ApiError } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { getDemoMessages } from '../api/demo-messages';
import { DemoMessagesPage } from './DemoMessagesPage';

vi.mock('../api/demo-messages', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/demo-messages')>()),
  getDemoMessages: vi.fn(),
}));

beforeEach(() => vi.clearAllMocks());

describe('DemoMessagesPage', () => {
  it('lists what the sink received, the PDF downloadable', async () => {
    vi.mocked(getDemoMessages).mockResolvedValue({
      data: [
        {
          id: 'm-1',
          channel: 'mail',
          receivedAt: '2026-11-28T14:32:00.000Z',
          from: '"Vitrage Express" <ne-pas-repondre@demo.garage.fr>',
          to: 'client@exemple.fr',
          subject: 'Devis D-2026-00012',
          text: 'Bonjour,\nveuillez trouver le devis.',
          attachments: [{ index: 0, name: 'D-2026-00012.pdf', contentType: 'application/pdf', size: 48_000 }],
        },
        {
          id: 's-1',
          channel: 'sms',
          receivedAt: '2026-11-28T14:33:00.000Z',
          from: 'DEMOGARAGE',
          to: '+33611223344',
          subject: '',
          text: 'Votre véhicule est prêt',
          attachments: [],
        },
      ],
    });
    renderPage(<DemoMessagesPage />, '/demo/messages');
    expect(await screen.findByText('Devis D-2026-00012')).toBeInTheDocument();
    expect(screen.getAllByTestId('demo-message')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /D-2026-00012\.pdf \(47 Ko\)/ })).toHaveAttribute(
      'href',
      '/api/demo/messages/m-1/attachments/0',
    );
    expect(screen.getByText('SMS à +33611223344')).toBeInTheDocument();
    expect(screen.getByText('28/11/2026 15:32:00')).toBeInTheDocument();
  });

  it('says when nothing was sent yet', async () => {
    vi.mocked(getDemoMessages).mockResolvedValue({ data: [] });
    renderPage(<DemoMessagesPage />, '/demo/messages');
    expect(await screen.findByText(/Aucun message pour l’instant/)).toBeInTheDocument();
  });

  it('says that a real server keeps nothing of what leaves', async () => {
    vi.mocked(getDemoMessages).mockRejectedValue(new ApiError(404, { message: 'x' }));
    renderPage(<DemoMessagesPage />, '/demo/messages');
    expect(await screen.findByText(/Ce serveur n’est pas une démonstration/)).toBeInTheDocument();
  });
});
