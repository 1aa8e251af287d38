import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INVITATION_CANCELLED, type PendingInvitation } from 'contracts';
import { renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelInvitation, invitationFetcher } from '../api/users';
import { PendingInvitations } from './PendingInvitations';

// The fetcher keyed by its path, as pagedFetcher keys it: a cancelled invitation reads the table again.
vi.mock('../api/users', async () => {
  const { apiKey } = await import('shared-ui');
  return {
    invitationFetcher: Object.assign(vi.fn(), { queryKey: apiKey('api/users/invitations') }),
    cancelInvitation: vi.fn(),
  };
});
const fetcher = vi.mocked(invitationFetcher);

const invitation = (id: number, email: string): PendingInvitation => ({
  id,
  email,
  firstname: 'Karim',
  name: 'Benali',
  roles: ['ROLE_CMD'],
  companyName: 'Vitrage Express Lyon',
  invitedBy: 'Julien Moreau',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
});
const page = (rows: PendingInvitation[]) => ({ data: rows, totalRecords: rows.length });
// The table's first drawing is slow on a busy machine (antd's table, the first time in the file).
const FIRST_DRAW = { timeout: 20_000 };

beforeEach(() => {
  fetcher.mockReset().mockResolvedValue(page([invitation(1, 'karim@exemple.fr'), invitation(2, 'lea@exemple.fr')]));
  vi.mocked(cancelInvitation)
    .mockReset()
    .mockResolvedValue(new Response(null, { status: 204 }));
});

describe('PendingInvitations', { timeout: 45_000 }, () => {
  it('no longer lists an invitation once cancelled', async () => {
    renderWithProviders(<PendingInvitations />);
    expect(await screen.findByText('karim@exemple.fr', undefined, FIRST_DRAW)).toBeInTheDocument();
    fetcher.mockResolvedValue(page([invitation(2, 'lea@exemple.fr')]));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler l’invitation de karim@exemple.fr' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler l’invitation' }));

    expect(await screen.findByText(INVITATION_CANCELLED)).toBeInTheDocument();
    expect(cancelInvitation).toHaveBeenCalledWith(1);
    await waitFor(() => expect(screen.queryByText('karim@exemple.fr')).not.toBeInTheDocument());
    expect(screen.getByText('lea@exemple.fr')).toBeInTheDocument();
  });
});
