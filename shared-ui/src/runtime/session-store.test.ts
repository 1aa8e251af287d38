import { afterEach, describe, expect, it } from 'vitest';
import { unsignedToken } from '../test/unsigned-token';
import { selectClaims, useSession } from './session-store';

const claims = {
  name: 'Karim Benali',
  email: 'karim@pare-brise-nord.fr',
  roles: ['ROLE_FRANCHISEUR'],
  companyId: 7,
  franchiseId: 2,
  companies: [
    { id: 7, name: 'Pare-Brise Nord', roles: ['ROLE_FRANCHISEUR'] },
    { id: 8, name: 'Pare-Brise Sud', roles: ['ROLE_POSEUR_ADMIN'] },
  ],
  jeton: 25,
  isReferent: false,
};

afterEach(() => useSession.getState().setToken(null));

describe('useSession', () => {
  it('decodes the claims and the units balance from the token', () => {
    useSession.getState().setToken(unsignedToken(claims));
    const state = useSession.getState();
    expect(selectClaims(state)).toEqual(claims);
    expect(state.jeton).toBe(25);
    expect(localStorage.getItem('garage.displayToken')).toBe(state.token);
  });

  it('rejects a malformed token', () => {
    useSession.getState().setToken('pas-un-jwt');
    expect(useSession.getState()).toMatchObject({ token: null, claims: null, jeton: 0 });
    expect(localStorage.getItem('garage.displayToken')).toBeNull();
  });

  it('rejects a token whose claims do not match the contract', () => {
    useSession.getState().setToken(unsignedToken({ ...claims, jeton: 'beaucoup' }));
    expect(useSession.getState().claims).toBeNull();
  });

  it('updates the balance after a consumption', () => {
    useSession.getState().setToken(unsignedToken(claims));
    useSession.getState().setJeton(24);
    expect(useSession.getState().jeton).toBe(24);
    expect(useSession.getState().claims?.jeton).toBe(25);
  });

  it('forgets everything on logout', () => {
    useSession.getState().setToken(unsignedToken(claims));
    useSession.getState().setToken(null);
    expect(useSession.getState()).toMatchObject({ token: null, claims: null, jeton: 0 });
  });
});
