import { createRemoteRoutes, pageElements } from 'shared-ui';
import { DashboardPage } from './features/dashboard/components/DashboardPage';
import { FolderChoicePage } from './features/folder-create/components/FolderChoicePage';
import { FolderDetailPage } from './features/folder-detail/components/FolderDetailPage';
import { FolderListPage } from './features/folder-list/components/FolderListPage';
import { SidexaAddPage } from './features/sidexa/components/SidexaAddPage';
import { SidexaListPage } from './features/sidexa/components/SidexaListPage';

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
  '/sidexa/list': <SidexaListPage />,
  '/sidexa/add': <SidexaAddPage />,
});

/** `mf_folders/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
