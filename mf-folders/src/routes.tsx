import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { createRemoteRoutes, pageElements } from 'shared-ui';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { FolderChoicePage } from './features/folder-create/components/FolderChoicePage';
import { FolderDetailPage } from './features/folder-detail/components/FolderDetailPage';
import { FolderListPage } from './features/folder-list/components/FolderListPage';

/*
 * The vehicle lookup is a chunk of its own, loaded by its pages and the folder page's button only: every other
 * page of this remote (lists, dashboard) stays as light as before it came.
 */
export const SidexaListPage = lazy(() =>
  import('./features/sidexa/components/SidexaListPage').then((module) => ({ default: module.SidexaListPage })),
);
export const SidexaAddPage = lazy(() =>
  import('./features/sidexa/components/SidexaAddPage').then((module) => ({ default: module.SidexaAddPage })),
);
/* The calendar too: its grid, drag and drop and planning modal come only with its page. */
export const CalendarPage = lazy(() =>
  import('./features/calendar/components/CalendarPage').then((module) => ({ default: module.CalendarPage })),
);
/** Recoveries likewise: their page's modals, drawer and actions load only with it. */
export const RecoveryListPage = lazy(() =>
  import('./features/recovery/components/RecoveryListPage').then((module) => ({ default: module.RecoveryListPage })),
);
/** The fitter's phone flow: its two pages and offline queue load only with them. */
export const FitterTasksPage = lazy(() =>
  import('./features/fitter-tasks/components/FitterTasksPage').then((module) => ({ default: module.FitterTasksPage })),
);
export const FitterTaskPage = lazy(() =>
  import('./features/fitter-tasks/components/FitterTaskPage').then((module) => ({ default: module.FitterTaskPage })),
);
const loading = <Skeleton active paragraph={{ rows: 8 }} />;

/**
 * Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx);
 * the pages of the next slices show "coming soon" with their title until they land.
 */
export const PAGE_ELEMENTS = pageElements('mf_folders', {
  '/': <DashboardPage />,
  '/folder/choice': <FolderChoicePage />,
  '/folder/list/my': <FolderListPage owner="my" />,
  '/folder/list/all': <FolderListPage owner="all" />,
  '/folder/list/my/:product': <FolderListPage owner="my" />,
  '/folder/list/all/:product': <FolderListPage owner="all" />,
  '/folder/show/:id': <FolderDetailPage />,
  '/calendar/week/technicians': (
    <Suspense fallback={loading}>
      <CalendarPage />
    </Suspense>
  ),
  '/calendar/tasks': (
    <Suspense fallback={loading}>
      <FitterTasksPage />
    </Suspense>
  ),
  '/calendar/task/:folderId': (
    <Suspense fallback={loading}>
      <FitterTaskPage />
    </Suspense>
  ),
  '/sidexa/list': (
    <Suspense fallback={loading}>
      <SidexaListPage />
    </Suspense>
  ),
  '/sidexa/add': (
    <Suspense fallback={loading}>
      <SidexaAddPage />
    </Suspense>
  ),
  '/recovery/list/all': (
    <Suspense fallback={loading}>
      <RecoveryListPage />
    </Suspense>
  ),
});

/** `mf_folders/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
