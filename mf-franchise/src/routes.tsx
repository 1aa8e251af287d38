import type { ReactElement } from 'react';
import { createRemoteRoutes, lazyNamed, suspended } from 'shared-ui';

/*
 * Every page of this remote loads its code when opened: they are settings and admin pages, each opened on its own,
 * so a visit of one (/users) does not carry the others' forms and tables (its cold-visit byte budget).
 */
const CentreListPage = lazyNamed(() => import('./features/centres/components/CentreListPage'), 'CentreListPage');
const CentreFormPage = lazyNamed(() => import('./features/centres/components/CentreFormPage'), 'CentreFormPage');
const NetworkPage = lazyNamed(() => import('./features/network/components/NetworkPage'), 'NetworkPage');
const CompanyProfilePage = lazyNamed(
  () => import('./features/company/components/CompanyProfilePage'),
  'CompanyProfilePage',
);
const CompanySettingsPage = lazyNamed(
  () => import('./features/company/components/CompanySettingsPage'),
  'CompanySettingsPage',
);
const SetupChecklistPage = lazyNamed(
  () => import('./features/company/components/SetupChecklistPage'),
  'SetupChecklistPage',
);
const SendingPage = lazyNamed(() => import('./features/company/components/SendingPage'), 'SendingPage');
const EinvoicingPage = lazyNamed(() => import('./features/company/components/EinvoicingPage'), 'EinvoicingPage');
const ImportPage = lazyNamed(() => import('./features/imports/components/ImportPage'), 'ImportPage');
const UserListPage = lazyNamed(() => import('./features/users/components/UserListPage'), 'UserListPage');
const TechnicianListPage = lazyNamed(
  () => import('./features/technicians/components/TechnicianListPage'),
  'TechnicianListPage',
);
const TechnicianFormPage = lazyNamed(
  () => import('./features/technicians/components/TechnicianFormPage'),
  'TechnicianFormPage',
);

/**
 * Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx).
 */
export const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/franchise/:franchiseId/centers_list': suspended(<CentreListPage />),
  '/franchise/:franchiseId/add_center': suspended(<CentreFormPage />),
  '/franchise/:franchiseId/network': suspended(<NetworkPage />),
  '/company': suspended(<CompanyProfilePage />),
  '/company/edit': suspended(<CompanySettingsPage />),
  '/company/setup': suspended(<SetupChecklistPage />),
  '/company/sending': suspended(<SendingPage />),
  '/company/einvoicing': suspended(<EinvoicingPage />),
  '/import': suspended(<ImportPage />),
  '/users': suspended(<UserListPage />),
  '/technician/list': suspended(<TechnicianListPage />),
  '/technician/new/:id': suspended(<TechnicianFormPage />),
};

/** `mf_franchise/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
