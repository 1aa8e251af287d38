import type { ReactElement } from 'react';
import { createRemoteRoutes } from 'shared-ui';
import { DocsViewerPage } from './features/docs/components/DocsViewerPage';

/** Each path of this remote in the contracts route table (PAGES), with its page (checked by routes.test.tsx). */
export const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/docs': <DocsViewerPage />,
  '/docs/:pageId': <DocsViewerPage />,
};

/** `mf_docs/routes`: mounted by the shell inside its Router and AppProviders, behind its permission guard. */
export default createRemoteRoutes(PAGE_ELEMENTS);
