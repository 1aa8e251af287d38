import { QueryClient } from '@tanstack/react-query';
import { apiKey } from '../query/api-key';
import { eventBus } from './event-bus';
import { useSession } from './session-store';

/**
 * A cache of server answers with the product's defaults: no automatic retry (the HTTP client already refreshes
 * an expired session once, and a refusal is an answer, not a glitch), no re-read when the tab regains focus
 * (live changes come through the notifications stream), and reads that run even when the browser says it is offline
 * (the fitter's pages answer from the phone's saved data; another page fails and says so, rather than waiting
 * silently). A page shows what it read last at once, then reads again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * The one cache of the page: the shell provides this module once (rspack-config/shared-deps.mjs), so what the
 * folders app reads, the billing app can refresh by its key (shared-ui/src/query/query-keys.ts).
 */
export const queryClient = createQueryClient();

// A read that failed during an outage is read again once the server answers, without a reload of the page.
eventBus.on('connection:restored', () => {
  void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
});

// A supplier invoice arrived, a status came back (the notification stream says which paths): what shows them is read
// again, as after a change made on this page.
eventBus.on('server:changed', ({ paths }) => {
  for (const path of paths) void queryClient.invalidateQueries({ queryKey: apiKey(path) });
});

// Another user, or another garage chosen at the top: nothing read for the previous one is shown again.
useSession.subscribe((state, previous) => {
  const before = previous.claims;
  const now = state.claims;
  if (!now) queryClient.clear();
  else if (before?.email !== now.email || before?.companyId !== now.companyId) void queryClient.resetQueries();
});
