import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { CHANGES_CHANNEL } from '../../db/pubsub';

/**
 * Tells every open page of the garage, on every API instance, that what these API paths answer changed without a
 * click of theirs (a supplier invoice arrived from the platform, a status came back): the notification streams pass
 * it on (`event: changed`) and the pages read those paths again. Best effort: the change itself is committed
 * already, and a page that misses it reads it at its next visit, so a failed announce never fails the change.
 */
export async function announceChange(db: Database, companyId: number, paths: string[]): Promise<void> {
  await db
    .execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ companyId, paths })})`)
    .catch(() => undefined);
}
