import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from 'shared-ui';
import { AppLayout } from '../features/layout/app-layout';
import { RemotePage } from '../remotes/remote-page';
import { guard } from './page-guard';

/** Every product page: needs a session, passes the guard, then the owning remote renders it. */
export function GuardedPage() {
  const claims = useSession((state) => state.claims);
  const location = useLocation();

  if (!claims) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  const result = guard(location.pathname, claims);
  if (result.kind === 'redirect') return <Navigate to={result.to} replace />;
  return (
    <AppLayout>
      <RemotePage key={result.page.remote} remote={result.page.remote} />
    </AppLayout>
  );
}
