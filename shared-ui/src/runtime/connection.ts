import { create } from 'zustand';
import { eventBus } from './event-bus';

/** The server's liveness route: answers as long as the process serves, whatever the database does. */
export const LIVENESS_URL = '/api/health/live';
/** How often an unreachable server is asked again. */
export const RECHECK_MS = 3000;
const CHECK_TIMEOUT_MS = 5000;

interface ConnectionState {
  /** False once a check found the server unreachable, until one finds it back. */
  reachable: boolean;
  /** When the server was first found unreachable (ISO), for the banner. */
  lostAt: string | null;
}

/** Whether the API answers, as the banner of the frame shows it. One instance (shared-ui is a singleton). */
export const useConnection = create<ConnectionState>(() => ({ reachable: true, lostAt: null }));

let checking: Promise<void> | null = null;
let recheck: ReturnType<typeof setTimeout> | undefined;

async function answers(): Promise<boolean> {
  try {
    const response = await fetch(LIVENESS_URL, {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function check(): Promise<void> {
  const up = await answers();
  const { reachable } = useConnection.getState();
  if (up) {
    if (!reachable) {
      useConnection.setState({ reachable: true, lostAt: null });
      // Whoever kept something waiting (the live stream, a page that failed to load) takes it up again now.
      eventBus.emit('connection:restored', {});
    }
    return;
  }
  if (reachable) useConnection.setState({ reachable: false, lostAt: new Date().toISOString() });
  clearTimeout(recheck);
  recheck = setTimeout(() => void reportConnectionTrouble(), RECHECK_MS);
}

/**
 * A call failed without an answer from the application (network error, 502/503/504 of a proxy, the live stream
 * dropped): asks the liveness route once — a refused call alone is not an outage — and, while it does not answer,
 * again every few seconds until it does. Calls made meanwhile share the one check.
 */
export function reportConnectionTrouble(): Promise<void> {
  checking ??= check().finally(() => {
    checking = null;
  });
  return checking;
}

/** A failed call's status that says "the application did not answer" (0: no answer at all). */
export const isUnreachableStatus = (status: number): boolean => status === 0 || status === 502 || status === 504;
