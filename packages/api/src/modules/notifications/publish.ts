import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { notifications } from '../../db/schema';
import { sanitizeHtml } from './sanitize';

/** The LISTEN/NOTIFY channel every API instance listens on. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

export interface NotificationMessage {
  userId: number;
  id: number;
}

export function parseMessage(payload: string): NotificationMessage | undefined {
  try {
    const value = JSON.parse(payload) as Partial<NotificationMessage>;
    if (Number.isInteger(value.userId) && Number.isInteger(value.id)) return value as NotificationMessage;
  } catch {
    // A foreign or malformed payload on the channel is ignored.
  }
  return undefined;
}

export interface NewNotification {
  userId: number;
  companyId: number;
  content: string;
  typeFolder: string;
  folderId?: number | null;
  folderTitle?: string | null;
  avatarUrl?: string | null;
}

type Executor = Pick<Database, 'insert' | 'execute'>;

/**
 * Inserts notifications and announces each on the channel. Run it inside a
 * transaction: PostgreSQL delivers NOTIFY only at commit, so no listener ever
 * hears of a row it cannot read yet.
 */
export async function insertAndAnnounce(executor: Executor, rows: readonly NewNotification[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await executor
    .insert(notifications)
    .values(
      rows.map((row) => ({
        userId: row.userId,
        companyId: row.companyId,
        content: sanitizeHtml(row.content),
        typeFolder: row.typeFolder,
        folderId: row.folderId ?? null,
        folderTitle: row.folderTitle ?? null,
        avatarUrl: row.avatarUrl ?? null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  for (const row of inserted) {
    const payload = JSON.stringify({ userId: row.userId, id: row.id } satisfies NotificationMessage);
    await executor.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`);
  }
  return inserted.map((row) => row.id);
}

/** Inserts and announces in one transaction. */
export function createNotifications(db: Database, rows: readonly NewNotification[]): Promise<number[]> {
  return db.transaction((tx) => insertAndAnnounce(tx, rows));
}
