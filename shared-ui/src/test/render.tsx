import { render } from '@testing-library/react';
import type { DisplayTokenClaims } from 'contracts';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../theme/app-providers';

/** Renders inside the same providers as the shell: French antd, theme, antd App context, a router. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders>{ui}</AppProviders>
    </MemoryRouter>,
  );
}

/**
 * The session of a demo member of Vitrage Express Lyon (company 2 of franchise 1) for a remote's page tests: the
 * garage's admin fitter unless `role` says otherwise; any other claim can be given.
 */
export function lyonClaims({
  role = 'ROLE_POSEUR_ADMIN',
  ...overrides
}: Partial<DisplayTokenClaims> & { role?: string } = {}): DisplayTokenClaims {
  return {
    name: 'Julien Moreau',
    email: 'poseur.admin@demo.garage.fr',
    roles: [role],
    companyId: 2,
    franchiseId: 1,
    companies: [{ id: 2, name: 'Vitrage Express Lyon', roles: [role] }],
    jeton: 10,
    isReferent: false,
    ...overrides,
  };
}
