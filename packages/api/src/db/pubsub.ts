import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Unlisten = () => Promise<void>;

/** Channel-based messaging over PostgreSQL LISTEN/NOTIFY, so every API instance sees every event. */
export interface PubSub {
  listen(channel: string, callback: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export function pglitePubSub(client: PGlite): PubSub {
  const unlistens = new Set<Unlisten>();
  return {
    async listen(channel, callback) {
      const unlisten = await client.listen(channel, callback);
      const wrapped: Unlisten = async () => {
        unlistens.delete(wrapped);
        await unlisten();
      };
      unlistens.add(wrapped);
      return wrapped;
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await Promise.all([...unlistens].map((unlisten) => unlisten()));
    },
  };
}

/**
 * A pool cannot LISTEN (a notification arrives on the connection that asked),
 * so listeners share one dedicated client, opened on first use.
 */
export function postgresPubSub(pool: pg.Pool, connectionString: string): PubSub {
  const callbacks = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.Client> | undefined;

  const connect = (): Promise<pg.Client> => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (message) => {
        for (const callback of callbacks.get(message.channel) ?? []) callback(message.payload ?? '');
      });
      // A dropped listener connection must not crash the process; the next listen() reconnects.
      c.on('error', () => {
        client = undefined;
      });
      await c.connect();
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
        await c.query(`UNLISTEN ${c.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      callbacks.clear();
      const c = await client;
      client = undefined;
      await c?.end();
    },
  };
}
