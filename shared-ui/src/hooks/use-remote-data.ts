import { useCallback, useEffect, useRef, useState } from 'react';
import { eventBus } from '../runtime/event-bus';

export interface RemoteData<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again, keeping the current data on screen meanwhile. */
  reload: () => Promise<void>;
}

/**
 * Server data for one component: loads with `load` (keep it stable with
 * useCallback; a new `load` loads again) and drops answers that arrive after a
 * newer request or after unmount. Errors are kept, not thrown: the HTTP client
 * already logged them.
 */
export function useRemoteData<T>(load: () => Promise<T>, enabled = true): RemoteData<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(enabled);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const value = await load();
      if (ticket !== latest.current) return;
      setData(value);
      setError(undefined);
    } catch (caught) {
      if (ticket === latest.current) setError(caught);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [load]);

  useEffect(() => {
    if (enabled) void reload();
    return () => {
      // Answers of this generation are ignored from now on.
      latest.current += 1;
    };
  }, [reload, enabled]);

  // A read that failed during an outage is read again once the server answers, without a reload of the page.
  useEffect(() => {
    if (!enabled || error === undefined) return;
    return eventBus.on('connection:restored', () => void reload());
  }, [enabled, error, reload]);

  return { data, error, loading, reload };
}
