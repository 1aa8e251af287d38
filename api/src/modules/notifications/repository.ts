import type { NotificationDetail, NotificationRow, PagingQuery } from 'contracts';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { notifications } from '../../db/schema';
import { pagedList } from '../../lib/paged-list';
import { matchesAllWords } from '../../lib/search';

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

/** The sortable and filterable columns of « Mes notifications », in the page's column order. */
export const MY_COLUMNS = ['content', 'folder', 'createdAt', 'notificationRead'] as const;

const SORTS = {
  content: notifications.content,
  folder: notifications.folderTitle,
  createdAt: notifications.createdAt,
  notificationRead: notifications.readAt,
} as const;

const SEARCHED = [sql`search_fold(${notifications.content})`, sql`search_fold(${notifications.folderTitle})`];

/** GET /api/notifications/me: one page of the user's live notifications (searched on text and folder, accents folded), and the total. */
export async function listMine(db: Database, owner: Owner, query: PagingQuery) {
  const searched = Boolean(query.search?.trim());
  const page = await pagedList(
    {
      rows: db.select().from(notifications).$dynamic(),
      count: db.select({ total: count() }).from(notifications).$dynamic(),
      keys: MY_COLUMNS,
      defaultSort: { sort: 'createdAt', dir: 'desc' },
      sorts: SORTS,
      tieBreak: [desc(notifications.id)],
      search: SEARCHED,
      scope: and(ownedBy(owner), live) as SQL,
      filters: {
        // The text column's filter is the search box's twin: it searches only when the box is empty.
        content: (value) => (searched ? undefined : matchesAllWords(value, SEARCHED)),
        notificationRead: (value) =>
          value === 'Oui'
            ? isNotNull(notifications.readAt)
            : value === 'Non'
              ? isNull(notifications.readAt)
              : undefined,
      },
    },
    query,
  );
  return { rows: page.data.map(toRow), total: page.totalRecords };
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
