import type { ReactElement } from 'react';
import { createRemoteRoutes, lazyNamed, suspended } from 'shared-ui';
import { loadFitterTaskPage } from './features/fitter-tasks/load-task-page';

/*
 * Every page is a chunk of its own, loaded when it is opened, so each page's first visit carries only its own code:
 * the folder lists (their server table), the dashboard (and its chart library), the folder page, the vehicle lookup,
 * the calendar, recoveries and the fitter's phone flow. The lists were eager once; the folder page, opened from
 * them all day, then carried their table for nothing.
 */
export const FolderListPage = lazyNamed(
  () => import('./features/folder-list/components/FolderListPage'),
  'FolderListPage',
);
export const DashboardPage = lazyNamed(() => import('./features/dashboard/components/DashboardPage'), 'DashboardPage');
export const FolderChoicePage = lazyNamed(
  () => import('./features/folder-create/components/FolderChoicePage'),
  'FolderChoicePage',
);
export const FolderDetailPage = lazyNamed(
  () => import('./features/folder-detail/components/FolderDetailPage'),
  'FolderDetailPage',
);
export const CustomerPage = lazyNamed(
  () => import('./features/customer-history/components/CustomerPage'),
  'CustomerPage',
);
export const VehiclePage = lazyNamed(() => import('./features/customer-history/components/VehiclePage'), 'VehiclePage');
export const SidexaListPage = lazyNamed(() => import('./features/sidexa/components/SidexaListPage'), 'SidexaListPage');
export const SidexaAddPage = lazyNamed(() => import('./features/sidexa/components/SidexaAddPage'), 'SidexaAddPage');
export const CalendarPage = lazyNamed(() => import('./features/calendar/components/CalendarPage'), 'CalendarPage');
export const RecoveryListPage = lazyNamed(
  () => import('./features/recovery/components/RecoveryListPage'),
  'RecoveryListPage',
);
export const FitterTasksPage = lazyNamed(
  () => import('./features/fitter-tasks/components/FitterTasksPage'),
  'FitterTasksPage',
);
export const FitterTaskPage = lazyNamed(loadFitterTaskPage, 'FitterTaskPage');

/** Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx). */
export const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/': suspended(<DashboardPage />),
  '/folder/choice': suspended(<FolderChoicePage />),
  '/folder/list/my': suspended(<FolderListPage owner="my" />),
  '/folder/list/all': suspended(<FolderListPage owner="all" />),
  '/folder/list/my/:product': suspended(<FolderListPage owner="my" />),
  '/folder/list/all/:product': suspended(<FolderListPage owner="all" />),
  '/folder/show/:id': suspended(<FolderDetailPage />),
  '/customer/:folderId': suspended(<CustomerPage />),
  '/vehicle/:plate': suspended(<VehiclePage />),
  '/calendar/week/technicians': suspended(<CalendarPage />),
  '/calendar/tasks': suspended(<FitterTasksPage />),
  '/calendar/task/:folderId': suspended(<FitterTaskPage />),
  '/sidexa/list': suspended(<SidexaListPage />),
  '/sidexa/add': suspended(<SidexaAddPage />),
  '/recovery/list/all': suspended(<RecoveryListPage />),
};

/** `mf_folders/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
