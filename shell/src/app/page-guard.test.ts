import type { DisplayTokenClaims } from 'contracts';
import { describe, expect, it } from 'vitest';
import { guard } from './page-guard';

const claims = (roles: string[], isReferent = false): DisplayTokenClaims => ({
  name: 'Julie Martin',
  email: 'julie@garage.fr',
  roles,
  companyId: 1,
  franchiseId: null,
  companies: [{ id: 1, name: 'Garage du Centre', roles }],
  jeton: 12,
  isReferent,
});

describe('route guard', () => {
  it('opens a page the roles allow and names its remote', () => {
    expect(guard('/quotation/list/invoice', claims(['ROLE_COMPTABLE']))).toMatchObject({
      kind: 'page',
      page: { remote: 'mf_billing' },
    });
  });

  it('sends a forbidden path to 403 and an unknown one to 404', () => {
    expect(guard('/sidexa/list', claims(['ROLE_COMPTABLE']))).toEqual({ kind: 'redirect', to: '/error/403' });
    expect(guard('/pas/une/page', claims(['ROLE_COMPTABLE']))).toEqual({ kind: 'redirect', to: '/error/404' });
  });

  it('sends someone without the dashboard to their first menu entry', () => {
    expect(guard('/', claims(['ROLE_COMPTABLE']))).toEqual({ kind: 'redirect', to: '/quotation/list/invoice' });
    expect(guard('/', claims(['ROLE_POSEUR']))).toEqual({ kind: 'redirect', to: '/calendar/week/technicians' });
  });
});
