import { eventBus } from 'shared-ui';
import { subscribeToNotifications } from './notification-stream';

/**
 * Calls `callback` whenever the user's notifications may have changed: a server
 * event on the stream, or a change made elsewhere in the app (a page, another
 * slot). Returns the unsubscribe function, for a useEffect cleanup.
 */
export function onNotificationsChanged(callback: () => void): () => void {
  const offs = [
    subscribeToNotifications(callback),
    eventBus.on('notification:archived', callback),
    eventBus.on('notification:changed', callback),
  ];
  return () => {
    for (const off of offs) off();
  };
}
