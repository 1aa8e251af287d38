import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { createRemoteRoutes, pageElements } from 'shared-ui';
import { CentreFormPage } from './features/centres/components/CentreFormPage';
import { CentreListPage } from './features/centres/components/CentreListPage';
import { CompanyProfilePage } from './features/company/components/CompanyProfilePage';
import { CompanySettingsPage } from './features/company/components/CompanySettingsPage';
import { TechnicianFormPage } from './features/technicians/components/TechnicianFormPage';
import { TechnicianListPage } from './features/technicians/components/TechnicianListPage';
import { UserListPage } from './features/users/components/UserListPage';

// The franchisor's page only: its table and pack editor load when it is opened.
const NetworkPage = lazy(() =>
  import('./features/network/components/NetworkPage').then((module) => ({ default: module.NetworkPage })),
);

/**
 * Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx).
 */
export const PAGE_ELEMENTS = pageElements('mf_franchise', {
  '/franchise/:franchiseId/centers_list': <CentreListPage />,
  '/franchise/:franchiseId/add_center': <CentreFormPage />,
  '/franchise/:franchiseId/network': (
    <Suspense fallback={<Skeleton active />}>
      <NetworkPage />
    </Suspense>
  ),
  '/company': <CompanyProfilePage />,
  '/company/edit': <CompanySettingsPage />,
  '/users': <UserListPage />,
  '/technician/list': <TechnicianListPage />,
  '/technician/new/:id': <TechnicianFormPage />,
});

/** `mf_franchise/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
