import { describe, expect, it } from 'vitest';
import { can, holdsOnly } from './permissions';

describe('the permission table', () => {
  it('answers a permission when any role of the holder has it', () => {
    expect(can(['ROLE_POSEUR', 'ROLE_COMPTABLE'], 'invoices')).toBe(true);
    expect(can(['ROLE_POSEUR'], 'invoices')).toBe(false);
    expect(can([], 'authenticated')).toBe(false);
  });

  it('names the checks that guard no screen: network head, centre admin, fitter account', () => {
    expect(can(['ROLE_FRANCHISEUR'], 'networkHead')).toBe(true);
    expect(can(['ROLE_SUPER_ADMIN'], 'networkHead')).toBe(false);
    expect(can(['ROLE_SUPER_ADMIN'], 'allNetworks')).toBe(true);
    expect(can(['ROLE_POSEUR_ADMIN'], 'centreAdmin')).toBe(true);
    // The fitter flow: admins act on every folder, a fitter only on its technicians' ones.
    expect(can(['ROLE_POSEUR_ADMIN'], 'fitterAnyFolder')).toBe(true);
    expect(can(['ROLE_POSEUR'], 'fitterAnyFolder')).toBe(false);
    expect(can(['ROLE_POSEUR'], 'fitterSteps')).toBe(true);
  });

  it('tells a pure fitter from a fitter who holds another role too', () => {
    expect(holdsOnly(['ROLE_POSEUR'], 'fitterAccount')).toBe(true);
    expect(holdsOnly(['ROLE_POSEUR', 'ROLE_CMD'], 'fitterAccount')).toBe(false);
    expect(holdsOnly([], 'fitterAccount')).toBe(false);
  });
});
