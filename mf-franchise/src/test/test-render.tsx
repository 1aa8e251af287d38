import { configure, render } from '@testing-library/react';
import type { DisplayTokenClaims } from 'contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from 'shared-ui';

// Antd forms are slow to render on a loaded 2-core machine: wait longer than testing-library's 1 s.
configure({ asyncUtilTimeout: 5_000 });

/** Test helper of the mf_franchise features: renders inside the providers and a router, as the shell does. */
export function renderPage(ui: ReactElement, path = '/', pattern = '*') {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={ui} />
          <Route path="*" element={<p>Autre page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Display-token claims of Lyon's centre admin; `companyId` 0 = TOUT. */
export const adminClaims = (companyId = 2): DisplayTokenClaims => ({
  name: 'Julien Moreau',
  email: 'poseur.admin@demo.garage.fr',
  roles: ['ROLE_POSEUR_ADMIN'],
  companyId,
  franchiseId: 1,
  companies: [{ id: 2, name: 'Vitrage Express Lyon', roles: ['ROLE_POSEUR_ADMIN'] }],
  jeton: 10,
  isReferent: false,
});
