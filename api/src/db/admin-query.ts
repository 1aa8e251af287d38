import pg from 'pg';

/**
 * One statement on its own connection to a PostgreSQL server: CREATE or DROP DATABASE cannot run inside a pool's
 * transaction, and the tests and benchmarks make and drop databases around each run.
 */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
