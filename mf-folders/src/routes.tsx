import { pagesOf } from 'contracts';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ComingSoon } from 'shared-ui';
import { FolderDetailPage } from './features/folder-detail/components/FolderDetailPage';
import { FolderListPage } from './features/folder-list/components/FolderListPage';

const BUILT: Record<string, ReactElement> = {
  '/folder/list/my': <FolderListPage owner="my" />,
  '/folder/list/all': <FolderListPage owner="all" />,
  '/folder/list/my/:product': <FolderListPage owner="my" />,
  '/folder/list/all/:product': <FolderListPage owner="all" />,
  '/folder/show/:id': <FolderDetailPage />,
};

/**
 * Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx);
 * the pages of the next slices show "coming soon" with their title until they land.
 */
export const PAGE_ELEMENTS: Record<string, ReactElement> = Object.fromEntries(
  pagesOf('mf_folders').map((page) => [page.path, BUILT[page.path] ?? <ComingSoon title={page.title} />]),
);

/** `mf_folders/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default function FolderRoutes() {
  return (
    <Routes>
      {Object.entries(PAGE_ELEMENTS).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  );
}
