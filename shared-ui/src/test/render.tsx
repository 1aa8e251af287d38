import { fireEvent, render } from '@testing-library/react';
import type { DisplayTokenClaims } from 'contracts';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../runtime/query-client';
import { AppProviders } from '../theme/app-providers';

export { unsignedToken } from './unsigned-token';

/**
 * Renders inside the same providers as the shell: French antd, theme, antd App context, a router, and a cache of
 * server answers of its own (returned as `queryClient`), so no test reads what another one loaded.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  const rendered = render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders client={queryClient}>{ui}</AppProviders>
    </MemoryRouter>,
  );
  return { ...rendered, queryClient };
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

/** An ISO day or day and time as a DateField or DateTimeField shows it: "2026-11-15T09:30" -> "15/11/2026 09:30". */
export const shownDate = (iso: string): string => {
  const [, year, month, day, time] = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d:\d\d))?$/.exec(iso) ?? [];
  if (!year) throw new Error(`not an ISO day: ${iso}`);
  return `${day}/${month}/${year}${time ? ` ${time}` : ''}`;
};

/** Types an ISO day ("2026-11-15") or day and time ("2026-11-15T09:30") into a DateField or DateTimeField, as a user does. */
export function typeDate(input: HTMLElement, iso: string): void {
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: shownDate(iso) } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}
