import { screen } from '@testing-library/react';
import { SETUP_ITEM_KEYS, type SetupChecklist } from 'contracts';
import { apiKey, useSession } from 'shared-ui';
import { lyonClaims, renderWithProviders } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardApi } from '../api/dashboard';
import { SetupNotice } from './SetupNotice';

const checklist = (ready: boolean): SetupChecklist => ({
  companyId: 2,
  items: SETUP_ITEM_KEYS.map((key, index) => ({ key, done: ready || index > 2, detail: '' })),
  ready,
});

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('SetupNotice', () => {
  it('tells the garage admin that the garage cannot invoice yet, and leads to « Mise en route »', async () => {
    useSession.setState({ claims: lyonClaims() });
    vi.spyOn(dashboardApi, 'getSetup').mockResolvedValue(checklist(false));
    renderWithProviders(<SetupNotice />);
    expect(
      await screen.findByText(/ne peut pas encore émettre de facture \(mise en route : 8 sur 11 faits\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la mise en route' })).toHaveAttribute('href', '/company/setup');
    expect(dashboardApi.getSetup).toHaveBeenCalledWith(2);
  });

  it('says nothing once the garage can invoice, and asks nothing for the other roles', async () => {
    useSession.setState({ claims: lyonClaims() });
    const read = vi.spyOn(dashboardApi, 'getSetup').mockResolvedValue(checklist(true));
    const { queryClient } = renderWithProviders(<SetupNotice />);
    // Once the checklist is read (the query settled and the notice rendered with it), no alert.
    await vi.waitFor(() => expect(queryClient.getQueryState(apiKey('api/company/2/setup'))?.status).toBe('success'));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    read.mockClear();
    useSession.setState({ claims: lyonClaims({ role: 'ROLE_POSEUR' }) });
    renderWithProviders(<SetupNotice />);
    expect(read).not.toHaveBeenCalled();
  });
});
