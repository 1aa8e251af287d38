import { fireEvent, screen, within } from '@testing-library/react';
import { SETUP_ITEM_KEYS, type SetupChecklist } from 'contracts';
import { useSession } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, renderPage } from '../../../test/test-render';
import { getSetupChecklist } from '../api/setup';
import { SetupChecklistPage } from './SetupChecklistPage';

vi.mock('../api/setup', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/setup')>()),
  getSetupChecklist: vi.fn(),
}));

const checklist = (missing: string[]): SetupChecklist => ({
  companyId: 2,
  items: SETUP_ITEM_KEYS.map((key) => ({
    key,
    done: !missing.includes(key),
    detail: missing.includes(key) ? `${key} à faire` : `${key} fait`,
  })),
  ready: !missing.includes('identity'),
});

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ claims: adminClaims(2) });
});

describe('SetupChecklistPage', () => {
  it('says the garage cannot invoice before its identity, and leads to the form of each item left', async () => {
    vi.mocked(getSetupChecklist).mockResolvedValue(checklist(['identity', 'logo', 'mail']));
    renderPage(<SetupChecklistPage />, '/company/setup', '/company/setup');
    expect(await screen.findByText(/ne peut pas encore émettre de facture/)).toBeInTheDocument();
    expect(screen.getByText('8 sur 11 faits')).toBeInTheDocument();
    const identity = screen.getByText('Identité légale du garage').closest('li') as HTMLElement;
    expect(within(identity).getByText('Obligatoire pour facturer')).toBeInTheDocument();
    expect(within(identity).getByLabelText('Obligatoire, à faire')).toBeInTheDocument();
    // The mail server is the garage's own setting now: its page completes it.
    const mail = screen.getByText('Envoi des e-mails').closest('li') as HTMLElement;
    expect(within(mail).getByRole('link', { name: 'Compléter' })).toHaveAttribute('href', '/company/sending');
    expect(within(identity).getByRole('link', { name: 'Compléter' })).toHaveAttribute('href', '/company');
    fireEvent.click(within(identity).getByRole('link', { name: 'Compléter' }));
    expect(await screen.findByText('Autre page')).toBeInTheDocument();
  });

  it('says so when the garage can invoice', async () => {
    vi.mocked(getSetupChecklist).mockResolvedValue(checklist([]));
    renderPage(<SetupChecklistPage />, '/company/setup', '/company/setup');
    expect(await screen.findByText(/Le garage peut émettre ses factures/)).toBeInTheDocument();
    expect(screen.getAllByLabelText('Fait')).toHaveLength(11);
  });

  it('asks for a garage under TOUT, reading nothing', async () => {
    useSession.setState({ claims: adminClaims(0) });
    renderPage(<SetupChecklistPage />, '/company/setup', '/company/setup');
    expect(await screen.findByText('Mise en route')).toBeInTheDocument();
    expect(getSetupChecklist).not.toHaveBeenCalled();
  });
});
