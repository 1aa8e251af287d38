import { pagesOf, type RemoteName } from 'contracts';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ComingSoon } from './ComingSoon';

/**
 * A remote's `./routes` component: one route per entry of `elements` (path -> page). A remote writes its page table
 * by hand and its routes.test.tsx checks the paths against the contracts route table: the table itself stays out
 * of the remote's bundle (a cold visit does not carry every page's path and title).
 */
export function createRemoteRoutes(elements: Record<string, ReactElement>) {
  const entries = Object.entries(elements);
  // biome-ignore lint/correctness/noComponentHookFactories: called once at module level by each remote's routes.tsx, so the component identity is stable.
  return function RemoteRoutes() {
    return (
      <Routes>
        {entries.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    );
  };
}

/** The `./routes` of a remote whose pages are not built yet: every page shows "coming soon" with its title. */
export function createPlaceholderRoutes(remote: RemoteName) {
  return createRemoteRoutes(
    Object.fromEntries(pagesOf(remote).map((page) => [page.path, <ComingSoon key={page.path} title={page.title} />])),
  );
}
