import type { NotificationRow } from 'contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onNotificationsChanged } from '../../../lib/on-notifications-changed';
import { getUnreadCount } from '../api/get-unread-count';
import { listNotifications } from '../api/list-notifications';

export interface BellTab {
  rows: NotificationRow[];
  total: number;
}

const EMPTY: BellTab = { rows: [], total: 0 };

/**
 * The bell's server state: the unread count always, the two tabs while the
 * drawer is open. Everything is refetched after each change and on every
 * server event. Failures are logged by the HTTP client only (docs/product.md):
 * the previous state stays on screen.
 */
export function useBell(open: boolean) {
  const [count, setCount] = useState(0);
  const [unread, setUnread] = useState<BellTab>(EMPTY);
  const [read, setRead] = useState<BellTab>(EMPTY);
  const [loading, setLoading] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;

  const refresh = useCallback(async (lists: boolean = openRef.current) => {
    if (lists) setLoading(true);
    const [countResult, unreadResult, readResult] = await Promise.allSettled([
      getUnreadCount(),
      lists ? listNotifications(false) : Promise.reject(new Error('closed')),
      lists ? listNotifications(true) : Promise.reject(new Error('closed')),
    ]);
    if (countResult.status === 'fulfilled') setCount(countResult.value);
    if (unreadResult.status === 'fulfilled') {
      setUnread({ rows: unreadResult.value.notifications, total: unreadResult.value.total });
      setCount(unreadResult.value.unread);
    }
    if (readResult.status === 'fulfilled')
      setRead({ rows: readResult.value.notifications, total: readResult.value.total });
    setLoading(false);
  }, []);

  // Opening the drawer loads the tabs (and the count with them).
  useEffect(() => {
    if (open) void refresh(true);
  }, [refresh, open]);

  // The count: read once the stream is live (its `ready`), then on every server event and every change made
  // elsewhere in the app (pages, other slots).
  useEffect(() => {
    return onNotificationsChanged(() => void refresh());
  }, [refresh]);

  return { count, unread, read, loading, refresh };
}
