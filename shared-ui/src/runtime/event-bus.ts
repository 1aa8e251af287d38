/**
 * Typed events between the shell and the remotes. Remotes never import each
 * other; they announce what happened here and whoever cares listens. Server data is
 * not refreshed by events: a change invalidates its paths in the page's query cache.
 */
export interface AppEvents {
  'notification:archived': { id: number };
  'notification:changed': { unread: number | null };
  'units:changed': { jeton: number | null };
  'modal:closed': { message?: string; followUp?: FollowUpEvent };
  /** The API answers again after an outage (`useConnection`): what waited on it is taken up again. */
  'connection:restored': Record<string, never>;
  /** Someone clicked « Réessayer » on a part whose code failed to load: pages whose code failed load it anew. */
  'pages:retry': Record<string, never>;
  /** The server says these API paths changed without a click of this tab (the notification stream's `changed`). */
  'server:changed': { paths: string[] };
  /** Where an import this person runs stands (the notification stream's `import-progress`). */
  'server:import-progress': { importId: number; step: string; done: number; total: number };
}

export type AppEventName = keyof AppEvents;

/** An event to fire once the "action performed" modal has hidden, with its own payload. */
export type FollowUpEvent = { [K in AppEventName]: { name: K; payload: AppEvents[K] } }[AppEventName];
type Handler<K extends AppEventName> = (payload: AppEvents[K]) => void;

const target = new EventTarget();

export const eventBus = {
  emit<K extends AppEventName>(name: K, payload: AppEvents[K]): void {
    target.dispatchEvent(new CustomEvent(name, { detail: payload }));
  },
  /** Subscribes and returns the unsubscribe function (handy as a useEffect cleanup). */
  on<K extends AppEventName>(name: K, handler: Handler<K>): () => void {
    const listener = (event: Event) => handler((event as CustomEvent<AppEvents[K]>).detail);
    target.addEventListener(name, listener);
    return () => target.removeEventListener(name, listener);
  },
};
