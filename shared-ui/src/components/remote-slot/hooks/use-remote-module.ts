import type { RemoteName } from 'contracts';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { eventBus } from '../../../runtime/event-bus';
import { loadRemoteModule } from '../remote-loader';

type State<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'failed'; error: unknown };

/** The default export of a remote module, with its loading state and a retry. */
export function useRemoteModule<P>(remote: RemoteName, module: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State<P>>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemoteModule<{ default: ComponentType<P> }>(remote, module, attempt > 0)
      .then((loaded) => !cancelled && setState({ status: 'ready', Component: loaded.default }))
      .catch((error: unknown) => {
        console.error(`[remote] ${remote}/${module} indisponible`, error);
        if (!cancelled) setState({ status: 'failed', error });
      });
    return () => {
      cancelled = true;
    };
  }, [remote, module, attempt]);

  // The pages inside the module whose code failed try again too (shared-ui's lazy pages keep a failure otherwise).
  const retry = useCallback(() => {
    eventBus.emit('pages:retry', {});
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
