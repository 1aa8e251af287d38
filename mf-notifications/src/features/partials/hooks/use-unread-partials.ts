import type { UnreadPartials } from 'contracts';
import { useCallback, useEffect, useState } from 'react';
import { onNotificationsChanged } from '../../../lib/on-notifications-changed';
import { getUnreadPartials } from '../api/get-unread-partials';

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
    return onNotificationsChanged(() => void reload());
  }, [reload]);

  return partials;
}
