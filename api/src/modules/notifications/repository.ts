import type { NotificationDetail, NotificationRow } from 'contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { notifications } from '../../db/schema';
import { containsPattern } from '../../lib/like';

type NotificationRecord = typeof notifications.$inferSelect;

/** Whose notifications a query may touch: one user, within the companies of their session. */
export interface Owner {
  userId: number;
  companyIds: readonly number[];
}

export function toRow(record: NotificationRecord): NotificationRow {
  return {
    id: record.id,
    content: record.content,
    folder: record.folderId === null ? null : { id: record.folderId, title: record.folderTitle ?? '' },
    typeFolder: record.typeFolder,
    createdAt: record.createdAt.toISOString(),
    notificationRead: record.readAt === null ? 'Non' : 'Oui',
    isUnRead: record.readAt === null,
    avatarUrl: record.avatarUrl,
  };
}

export const toDetail = (record: NotificationRecord): NotificationDetail => ({
  ...toRow(record),
  readAt: record.readAt?.toISOString() ?? null,
  archivedAt: record.archivedAt?.toISOString() ?? null,
});

/** Never an empty IN list: a user without companies simply matches nothing. */
function ownedBy(owner: Owner): SQL {
  if (owner.companyIds.length === 0) return sql`false`;
  return and(eq(notifications.userId, owner.userId), inArray(notifications.companyId, [...owner.companyIds])) as SQL;
}

const live = isNull(notifications.archivedAt);

export interface MyListQuery {
  offset: number;
  limit: number;
  search?: string;
  sort?: 'content' | 'folder' | 'createdAt' | 'notificationRead';
  dir: 'asc' | 'desc';
  read?: boolean;
}

const SORTS = {
  content: notifications.content,
  folder: notifications.folderTitle,
  createdAt: notifications.createdAt,
  notificationRead: notifications.readAt,
} as const;

/** GET /api/notifications/me: one page of the user's live notifications, and the total. */
export async function listMine(db: Database, owner: Owner, query: MyListQuery) {
  const filters: (SQL | undefined)[] = [ownedBy(owner), live];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(notifications.content, pattern), ilike(notifications.folderTitle, pattern)));
  }
  if (query.read !== undefined)
    filters.push(query.read ? isNotNull(notifications.readAt) : isNull(notifications.readAt));
  const where = and(...filters);
  const column = SORTS[query.sort ?? 'createdAt'];
  const order = query.dir === 'asc' ? asc(column) : desc(column);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(order, desc(notifications.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

export interface DrawerQuery {
  page: number;
  maxPerPage: number;
  archived: boolean;
  read?: boolean;
}

/** POST /api/notifications/list: the drawer, newest first. */
export async function listDrawer(db: Database, owner: Owner, query: DrawerQuery) {
  const filters: SQL[] = [
    ownedBy(owner),
    query.archived ? isNotNull(notifications.archivedAt) : isNull(notifications.archivedAt),
  ];
  if (query.read !== undefined)
    filters.push(query.read ? isNotNull(notifications.readAt) : isNull(notifications.readAt));
  const where = and(...filters);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.maxPerPage)
      .offset((query.page - 1) * query.maxPerPage),
    db.select({ n: count() }).from(notifications).where(where),
    countUnread(db, owner),
  ]);
  return { notifications: rows.map(toRow), total: total?.n ?? 0, unread };
}

export async function countUnread(db: Database, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(ownedBy(owner), live, isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Unread live notifications, newest first (the partials). */
export async function listUnread(db: Database, owner: Owner, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(and(ownedBy(owner), live, isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function findOwn(db: Database, owner: Owner, id: number): Promise<NotificationRecord | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(ownedBy(owner), eq(notifications.id, id)))
    .limit(1);
  return row;
}

/** Sets or clears read_at of one owned notification; false when it is not the caller's. */
export async function setRead(db: Database, owner: Owner, id: number, read: boolean): Promise<boolean> {
  const rows = await db
    .update(notifications)
    // Marking read twice keeps the first reading time.
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(and(ownedBy(owner), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, owner: Owner): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(owner), live, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Archiving also reads: an archived notification never counts as unread. */
export async function archive(db: Database, owner: Owner, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({
      archivedAt: sql`coalesce(${notifications.archivedAt}, now())`,
      readAt: sql`coalesce(${notifications.readAt}, now())`,
    })
    .where(and(ownedBy(owner), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Last-Event-ID replay: the owner's notifications created after `afterId`, oldest first. */
export async function listAfter(db: Database, owner: Owner, afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(ownedBy(owner), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(limit);
  return rows;
}

/** The id of the owner's newest notification (0 when none): where a first live stream starts. */
export async function latestId(db: Database, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${notifications.id})` })
    .from(notifications)
    .where(ownedBy(owner));
  return Number(row?.id ?? 0);
}

export async function findById(db: Database, id: number): Promise<NotificationRecord | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

export async function findByIds(db: Database, ids: readonly number[]): Promise<NotificationRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, [...ids]));
}
