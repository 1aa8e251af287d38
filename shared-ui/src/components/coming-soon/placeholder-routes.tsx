import { pagesOf, type RemoteName } from 'contracts';
import { Route, Routes } from 'react-router-dom';
import { ComingSoon } from './ComingSoon';

/**
 * The `./routes` of a remote whose pages are not built yet: every path the
 * route table gives it shows the "coming soon" page with its title.
 */
export function createPlaceholderRoutes(remote: RemoteName) {
  const pages = pagesOf(remote);
  // biome-ignore lint/correctness/noComponentHookFactories: called once at module level by each remote's routes.tsx, so the component identity is stable.
  return function PlaceholderRoutes() {
    return (
      <Routes>
        {pages.map((page) => (
          <Route key={page.path} path={page.path} element={<ComingSoon title={page.title} />} />
        ))}
      </Routes>
    );
  };
}
