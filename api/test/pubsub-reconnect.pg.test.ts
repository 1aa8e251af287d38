import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, postgresPubSub } from '../src/db/pubsub';

// PostgreSQL only (vitest.config.ts runs *.pg.test.ts when DATABASE_URL is set): PGlite has no connection to lose.
const url = process.env.DATABASE_URL as string;
const pool = new pg.Pool({ connectionString: url, max: 2 });
const pubsub = postgresPubSub(pool, url);
afterAll(async () => {
  await pubsub.close();
  await pool.end();
});

/** Notifies until the listener hears it (it may be reconnecting), or fails after `ms`. */
async function heard(received: string[], payload: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await pubsub.notify('reconnect_test', payload);
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (received.includes(payload)) return;
  }
  throw new Error(`${payload} never arrived`);
}

describe('PostgreSQL listener', () => {
  it('listens again after its connection is killed, so live notifications resume', async () => {
    const received: string[] = [];
    await pubsub.listen('reconnect_test', (payload) => received.push(payload));
    await heard(received, 'before', 2000);

    const killed = await pool.query(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1',
      [LISTENER_APPLICATION_NAME],
    );
    expect(killed.rowCount).toBeGreaterThan(0);

    await heard(received, 'after', 8000);
  });
});
