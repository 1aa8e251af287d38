import { fireEvent, screen } from '@testing-library/react';
import { type GarageUserRow, ROLE_DESCRIPTIONS, USER_INVITED } from 'contracts';
import { useSession } from 'shared-ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminClaims, renderPage } from '../../../test/test-render';
import { saveUser } from '../api/users';
import { UserDrawer } from './UserDrawer';

vi.mock('../api/users', () => ({ saveUser: vi.fn(), setUserActive: vi.fn(), userFetcher: vi.fn() }));

const row = (roles: string[]): GarageUserRow => ({
  id: 7,
  firstname: 'Karim',
  name: 'Benali',
  email: 'poseur@demo.garage.fr',
  active: true,
  roles,
  companies: [{ id: 2, name: 'Vitrage Express Lyon', roles, active: true }],
  twoFactor: false,
});

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ claims: adminClaims(2) });
  vi.mocked(saveUser).mockResolvedValue(row(['ROLE_CMD']));
});

describe('UserDrawer', { timeout: 45_000 }, () => {
  it('offers a centre admin neither super admin nor franchisor, and invites with the chosen roles', async () => {
    const onSaved = vi.fn();
    renderPage(<UserDrawer onClose={vi.fn()} onSaved={onSaved} />);
    expect(screen.queryByLabelText('Super administrateur')).toBeNull();
    expect(screen.queryByLabelText('Franchiseur')).toBeNull();
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Léa' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Bernard' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'lea@exemple.fr' } });
    // A role is chosen knowing what it does: « CMD » says it under its name.
    expect(screen.getByLabelText('CMD')).toHaveAccessibleDescription(ROLE_DESCRIPTIONS.ROLE_CMD);
    fireEvent.click(screen.getByLabelText('CMD'));
    fireEvent.click(screen.getByRole('button', { name: 'Inviter' }));
    expect(await screen.findByText(USER_INVITED)).toBeInTheDocument();
    expect(saveUser).toHaveBeenCalledWith(0, {
      firstname: 'Léa',
      name: 'Bernard',
      email: 'lea@exemple.fr',
      roles: ['ROLE_CMD'],
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it('keeps a role it may not change, shown disabled, when editing the roles', async () => {
    renderPage(<UserDrawer user={row(['ROLE_FRANCHISEUR'])} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByLabelText('Franchiseur')).toBeDisabled();
    expect(screen.getByLabelText('Franchiseur')).toBeChecked();
    expect(screen.queryByLabelText('Super administrateur')).toBeNull();
    fireEvent.click(screen.getByLabelText('Poseur'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saveUser).toHaveBeenCalledWith(7, { roles: ['ROLE_POSEUR', 'ROLE_FRANCHISEUR'] });
  });
});
