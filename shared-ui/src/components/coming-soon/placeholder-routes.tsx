import { pagesOf, type RemoteName } from 'contracts';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ComingSoon } from './ComingSoon';

/**
 * Every path the route table gives a remote, with its page: the ones built, and "coming soon" with the page's
 * title for the others (routes.test.tsx of each remote checks the paths against the table).
 */
export function pageElements(
  remote: RemoteName,
  built: Record<string, ReactElement> = {},
): Record<string, ReactElement> {
  return Object.fromEntries(
    pagesOf(remote).map((page) => [page.path, built[page.path] ?? <ComingSoon title={page.title} />]),
  );
}

/** A remote's `./routes` component: one route per entry of `elements` (path -> page). */
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
  return createRemoteRoutes(pageElements(remote));
}
