import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { notifications } from '../../db/schema';
import { sanitizeHtml } from '../../lib/sanitize';

/** The LISTEN/NOTIFY channel every API instance listens on. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** What travels on the channel; `row` is left out when the content would not fit in a NOTIFY payload. */
export interface NotificationMessage {
  userId: number;
  id: number;
  row?: AnnouncedRow | null;
}

/** The inserted row as PostgreSQL's json_build_object writes it. */
export interface AnnouncedRow {
  id: number;
  userId: number;
  companyId: number;
  content: string;
  typeFolder: string;
  folderId: number | null;
  folderTitle: string | null;
  avatarUrl: string | null;
  createdAt: string;
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

type Executor = Pick<Database, 'execute'>;

/** NOTIFY payloads are limited to 8000 bytes: bigger contents are fetched by the listener instead. */
const INLINE_CONTENT_BYTES = 6000;

/**
 * Inserts notifications and announces each on the channel, in ONE statement
 * (a data-modifying CTE): the NOTIFYs are delivered at commit, so no listener
 * hears of a row it cannot read, and a single round trip keeps the embedded
 * database fast. The payload carries the row itself, sparing every listening
 * instance a read.
 */
export async function insertAndAnnounce(executor: Executor, rows: readonly NewNotification[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.userId}::int, ${row.companyId}::int, ${sanitizeHtml(row.content)}, ${row.typeFolder}, ${row.folderId ?? null}::int, ${row.folderTitle ?? null}::text, ${row.avatarUrl ?? null}::text)`,
    ),
    sql`, `,
  );
  const result = await executor.execute(sql`
    with inserted as (
      insert into ${notifications} (user_id, company_id, content, type_folder, folder_id, folder_title, avatar_url)
      values ${values}
      returning id, user_id, company_id, content, type_folder, folder_id, folder_title, avatar_url, created_at
    )
    select id, pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object(
      'userId', user_id,
      'id', id,
      'row', case when octet_length(content) + octet_length(coalesce(folder_title, '')) < ${INLINE_CONTENT_BYTES}
        then json_build_object(
          'id', id, 'userId', user_id, 'companyId', company_id, 'content', content, 'typeFolder', type_folder,
          'folderId', folder_id, 'folderTitle', folder_title, 'avatarUrl', avatar_url, 'createdAt', created_at
        ) end
    )::text) as notified
    from inserted
    order by id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/** Inserts and announces (one statement, hence one implicit transaction). */
export function createNotifications(db: Database, rows: readonly NewNotification[]): Promise<number[]> {
  return insertAndAnnounce(db, rows);
}
