import { createRemoteRoutes, pageElements } from 'shared-ui';
import { CentreFormPage } from './features/centres/components/CentreFormPage';
import { CentreListPage } from './features/centres/components/CentreListPage';
import { CompanyProfilePage } from './features/company/components/CompanyProfilePage';
import { CompanySettingsPage } from './features/company/components/CompanySettingsPage';
import { TechnicianFormPage } from './features/technicians/components/TechnicianFormPage';
import { TechnicianListPage } from './features/technicians/components/TechnicianListPage';
import { UserListPage } from './features/users/components/UserListPage';

/**
 * Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx).
 */
export const PAGE_ELEMENTS = pageElements('mf_franchise', {
  '/franchise/:franchiseId/centers_list': <CentreListPage />,
  '/franchise/:franchiseId/add_center': <CentreFormPage />,
  '/company': <CompanyProfilePage />,
  '/company/edit': <CompanySettingsPage />,
  '/users': <UserListPage />,
  '/technician/list': <TechnicianListPage />,
  '/technician/new/:id': <TechnicianFormPage />,
});

/** `mf_franchise/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
