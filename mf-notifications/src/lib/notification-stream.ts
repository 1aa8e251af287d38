import {
  CHANGED_STREAM_EVENT,
  changedStreamEventSchema,
  IMPORT_PROGRESS_STREAM_EVENT,
  importProgressStreamEventSchema,
  type NotificationRow,
  notificationStreamEventSchema,
  READY_STREAM_EVENT,
  UNITS_STREAM_EVENT,
  unreadCountResponseSchema,
} from 'contracts';
import {
  eventBus,
  refreshBalance,
  renewSessionIfDue,
  reportConnectionTrouble,
  request,
  sessionRenewalDue,
} from 'shared-ui';

/** An event's data as JSON, or null when it is not (not ours: nothing to do). */
function jsonOf(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

export const STREAM_URL = '/api/notifications/stream';
/** Waits before reopening a stream the server refused (expired session, restart), growing to a minute. */
const RETRY_DELAYS_MS = [1000, 3000, 10_000, 30_000, 60_000];

type Listener = (row: NotificationRow | null) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let lastEventId: string | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
/** A renewal runs before the stream opens: nobody opens a second one meanwhile. */
let opening = false;
/**
 * Whether the stream said `ready` since it opened: from then on every change arrives through it. Subscribers read
 * their counts on that event (not before: one read per page load, not two), and at once when they come later.
 */
let live = false;

function publish(row: NotificationRow | null) {
  for (const listener of listeners) listener(row);
}

/**
 * Opens the stream once the session is fresh: EventSource cannot renew a session whose access window closed (a tab
 * left idle, a laptop asleep), so it would only be refused with a 401. Offline, it opens anyway and fails as offline.
 */
function open() {
  if (typeof EventSource === 'undefined' || listeners.size === 0) return;
  if (!sessionRenewalDue()) {
    connect();
    return;
  }
  opening = true;
  void renewSessionIfDue().then((signedIn) => {
    opening = false;
    if (signedIn && !source && listeners.size > 0) connect();
  });
}

function connect() {
  // After a manual reopen EventSource forgets the last id: the query carries it so nothing is lost.
  const url = lastEventId ? `${STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : STREAM_URL;
  const stream = new EventSource(url, { withCredentials: true });
  source = stream;
  stream.onopen = () => {
    failures = 0;
  };
  stream.onmessage = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    let row: NotificationRow | null = null;
    try {
      row = notificationStreamEventSchema.parse(JSON.parse(event.data));
    } catch (error) {
      console.warn('[notifications] unexpected event', error);
    }
    // Even an unreadable event means "something changed": listeners refetch.
    publish(row);
  };
  // The server now delivers every new notification here: every subscriber reads its counts (the page's first read,
  // or what was written during a drop).
  stream.addEventListener(READY_STREAM_EVENT, () => {
    live = true;
    publish(null);
  });
  // A garage of the session had its units moved (another tab, a colleague): UNITÉS re-reads its balance, the sum
  // of the garages under TOUT (one small GET per move).
  stream.addEventListener(UNITS_STREAM_EVENT, () => {
    void refreshBalance().catch(() => undefined);
  });
  // Something of a garage of the session changed on the server (a supplier invoice arrived): its pages read it again.
  stream.addEventListener(CHANGED_STREAM_EVENT, (event: MessageEvent<string>) => {
    const parsed = changedStreamEventSchema.safeParse(jsonOf(event.data));
    if (parsed.success) eventBus.emit('server:changed', { paths: parsed.data.paths });
  });
  // An import this person runs in another page of the app tells where it stands: its page shows a progress bar.
  stream.addEventListener(IMPORT_PROGRESS_STREAM_EVENT, (event: MessageEvent<string>) => {
    const parsed = importProgressStreamEventSchema.safeParse(jsonOf(event.data));
    if (parsed.success) eventBus.emit('server:import-progress', parsed.data);
  });
  stream.onerror = () => {
    // The stream dropped: the frame checks whether the server is still there (its banner says so if not).
    void reportConnectionTrouble();
    // Never live yet (a proxy that refuses streams): the subscribers read their counts anyway, once per failure.
    if (!live) publish(null);
    // CONNECTING = the browser retries by itself (with Last-Event-ID), unless the session needs renewing first (it
    // would be refused): then we reopen it ourselves. CLOSED = it gave up (e.g. 401).
    if (stream.readyState !== EventSource.CLOSED && !sessionRenewalDue()) return;
    stream.close();
    if (source === stream) source = null;
    const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      // Any authenticated call lets the HTTP client refresh an expired session before reopening.
      request('api/notifications/unread-nbre', unreadCountResponseSchema)
        .catch(() => undefined)
        .finally(() => {
          if (!source && !opening && listeners.size > 0) open();
        });
    }, delay);
  };
}

/**
 * The server answers again after an outage. A stream the browser is reconnecting keeps doing so (every 3 s, with
 * its Last-Event-ID: the server replays what was written meanwhile); one we had closed waits for no back-off and
 * reopens now. Every subscriber reads its counts again.
 */
function resume() {
  if (listeners.size === 0) return;
  if (!source && !opening) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    failures = 0;
    open();
  }
  publish(null);
}
let stopResuming: (() => void) | undefined;

/**
 * One event stream per tab, shared by every subscriber (the bell, the
 * partials). The listener gets the new notification (or null when the event
 * could not be read); it returns the unsubscribe function.
 */
export function subscribeToNotifications(listener: Listener): () => void {
  listeners.add(listener);
  stopResuming ??= eventBus.on('connection:restored', resume);
  if (!source && !retryTimer && !opening) open();
  // Already live, or no stream in this browser: the newcomer reads now rather than at a `ready` that will not come.
  if (live || typeof EventSource === 'undefined') queueMicrotask(() => listeners.has(listener) && listener(null));
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    live = false;
    stopResuming?.();
    stopResuming = undefined;
    source?.close();
    source = null;
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };
}
