import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Unlisten = () => Promise<void>;

/**
 * The channel of units balance moves (`{ companyId, jeton }`): written by billing where units are spent or bought,
 * relayed to browsers by the notification streams. Named here, below both modules, so neither imports the other.
 */
export const UNITS_CHANNEL = 'units';
/** The channel of server-side changes a page shows (`{ companyId, paths }`, contracts' changedStreamEventSchema). */
export const CHANGES_CHANNEL = 'changes';
/** Where a running import stands (contracts' importProgressStreamEventSchema), sent while its transaction runs. */
export const IMPORT_PROGRESS_CHANNEL = 'import_progress';

/** Channel-based messaging over PostgreSQL LISTEN/NOTIFY, so every API instance sees every event. */
export interface PubSub {
  listen(channel: string, callback: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The embedded database serves one process, so every listener is here: `notify` calls them directly. Going through
 * the database would wait for any transaction in progress (one connection), and a running import tells its progress
 * from inside one. NOTIFY written by SQL (committed changes) still arrives through the database's own listen.
 */
export function pglitePubSub(client: PGlite): PubSub {
  const unlistens = new Set<Unlisten>();
  const local = new Map<string, Set<(payload: string) => void>>();
  return {
    async listen(channel, callback) {
      const unlisten = await client.listen(channel, callback);
      const callbacks = local.get(channel) ?? new Set();
      local.set(channel, callbacks.add(callback));
      const wrapped: Unlisten = async () => {
        unlistens.delete(wrapped);
        callbacks.delete(callback);
        await unlisten();
      };
      unlistens.add(wrapped);
      return wrapped;
    },
    async notify(channel, payload) {
      for (const callback of local.get(channel) ?? []) callback(payload);
    },
    async close() {
      await Promise.all([...unlistens].map((unlisten) => unlisten()));
    },
  };
}

/** Name of the listener connection in pg_stat_activity (operators can find it; tests can cut it). */
export const LISTENER_APPLICATION_NAME = 'garage-api-listener';
const RECONNECT_DELAYS_MS = [250, 1000, 2000, 5000, 10_000];

/**
 * A pool cannot LISTEN (a notification arrives on the connection that asked),
 * so listeners share one dedicated client, opened on first use. If that
 * connection drops (server restart, failover, idle kill), it reconnects with
 * back-off and LISTENs again on every channel, so live notifications resume.
 */
export function postgresPubSub(pool: pg.Pool, connectionString: string): PubSub {
  const callbacks = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.Client> | undefined;
  let closing = false;
  let attempt = 0;

  const reconnect = () => {
    if (closing) return;
    client = undefined;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    setTimeout(() => {
      connect()
        .then(async (c) => {
          for (const channel of callbacks.keys()) await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
          attempt = 0;
        })
        .catch(reconnect);
    }, delay).unref();
  };

  const connect = (): Promise<pg.Client> => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
      c.on('notification', (message) => {
        for (const callback of callbacks.get(message.channel) ?? []) callback(message.payload ?? '');
      });
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        reconnect();
      };
      // A dropped listener connection must not crash the process.
      c.on('error', onLost);
      c.on('end', onLost);
      try {
        await c.connect();
      } catch (error) {
        lost = true;
        client = undefined;
        throw error;
      }
      return c;
    })();
    return client;
  };

  return {
    async listen(channel, callback) {
      const c = await connect();
      let set = callbacks.get(channel);
      if (!set) {
        set = new Set();
        callbacks.set(channel, set);
        await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      }
      set.add(callback);
      return async () => {
        const current = callbacks.get(channel);
        if (!current?.delete(callback) || current.size > 0) return;
        callbacks.delete(channel);
        const live = await client?.catch(() => undefined);
        await live?.query(`UNLISTEN ${live.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closing = true;
      callbacks.clear();
      const c = await client?.catch(() => undefined);
      client = undefined;
      await c?.end();
    },
  };
}
