import type { UnreadPartials } from 'contracts';
import { useCallback, useEffect, useState } from 'react';
import { onNotificationsChanged } from '../../../lib/on-notifications-changed';
import { getUnreadPartials } from '../api/get-unread-partials';

/** The unread partials, read once the notification stream is live, then on every server event and app change. */
export function useUnreadPartials(): UnreadPartials {
  const [partials, setPartials] = useState<UnreadPartials>({});

  const reload = useCallback(async () => {
    try {
      setPartials(await getUnreadPartials());
    } catch {
      // Logged by the HTTP client; the previous partials stay.
    }
  }, []);

  // The first read comes with the stream's `ready` (onNotificationsChanged), then every change.
  useEffect(() => onNotificationsChanged(() => void reload()), [reload]);

  return partials;
}
