import type { UnreadPartials } from 'contracts';
import { useCallback, useEffect, useState } from 'react';
import { eventBus } from 'shared-ui';
import { subscribeToNotifications } from '../../lib/notification-stream';
import { getUnreadPartials } from './api/get-unread-partials';

/** The unread partials, reloaded on every server event and every change made in the app. */
export function useUnreadPartials(): UnreadPartials {
  const [partials, setPartials] = useState<UnreadPartials>({});

  const reload = useCallback(async () => {
    try {
      setPartials(await getUnreadPartials());
    } catch {
      // Logged by the HTTP client; the previous partials stay.
    }
  }, []);

  useEffect(() => {
    void reload();
    const offStream = subscribeToNotifications(() => void reload());
    const offArchived = eventBus.on('notification:archived', () => void reload());
    const offChanged = eventBus.on('notification:changed', () => void reload());
    return () => {
      offStream();
      offArchived();
      offChanged();
    };
  }, [reload]);

  return partials;
}
