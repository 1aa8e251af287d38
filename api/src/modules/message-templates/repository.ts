import type { MessageTemplate, MessageTemplateBody, MessageType, PagingQuery } from 'contracts';
import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { messageTemplates } from '../../db/schema';
import { franchiseCompanyIds } from '../../lib/franchise-scope';
import { pagedList } from '../../lib/paged-list';
import { matchesAllWords } from '../../lib/search';

type TemplateRecord = typeof messageTemplates.$inferSelect;

/** The answer for a reader working for `companyIds`: they edit only their own companies' templates. */
export const toTemplate = (row: TemplateRecord, companyIds: readonly number[]): MessageTemplate => ({
  id: row.id,
  type: row.type,
  subject: row.subject,
  content: row.content,
  shared: row.shared,
  purpose: row.purpose,
  editable: companyIds.includes(row.companyId),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Their companies' templates, and those the franchisors of their franchises publish. */
function readable(companyIds: readonly number[]): SQL {
  return or(
    inArray(messageTemplates.companyId, [...companyIds]),
    and(eq(messageTemplates.shared, true), inArray(messageTemplates.companyId, franchiseCompanyIds(companyIds))),
  ) as SQL;
}

export type TemplateSort = 'subject' | 'type' | 'updatedAt';
const SORTS = { subject: messageTemplates.subject, type: messageTemplates.type, updatedAt: messageTemplates.updatedAt };

/** The sortable columns of a template list, in the page's column order. */
export const TEMPLATE_COLUMNS: readonly TemplateSort[] = ['subject', 'type', 'updatedAt'];
const SEARCHED = [sql`search_fold(${messageTemplates.subject})`, sql`search_fold(${messageTemplates.content})`];

/** A page of the templates of `types` that `companyIds` may read, searched on subject and text (accents folded). */
export async function listTemplates(
  db: Database,
  companyIds: readonly number[],
  types: readonly MessageType[],
  query: PagingQuery,
) {
  if (companyIds.length === 0) return { rows: [], total: 0 };
  const searched = Boolean(query.search?.trim());
  const page = await pagedList(
    {
      rows: db.select().from(messageTemplates).$dynamic(),
      count: db.select({ total: count() }).from(messageTemplates).$dynamic(),
      keys: TEMPLATE_COLUMNS,
      defaultSort: { sort: 'updatedAt', dir: 'desc' },
      sorts: SORTS,
      tieBreak: [desc(messageTemplates.id)],
      search: SEARCHED,
      scope: and(readable(companyIds), inArray(messageTemplates.type, [...types])) as SQL,
      // The subject column's filter is the search box's twin: it searches only when the box is empty.
      filters: { subject: (value) => (searched ? undefined : matchesAllWords(value, SEARCHED)) },
    },
    query,
  );
  return { rows: page.data.map((row) => toTemplate(row, companyIds)), total: page.totalRecords };
}

/** A template they may read (and use on a folder): their own or one their franchisor publishes. */
export async function findTemplate(db: Database, companyIds: readonly number[], id: number) {
  if (companyIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.id, id), readable(companyIds)))
    .limit(1);
  return row;
}

/** A garage has one template per automatic use: the one saved with it takes it from the other. */
async function freePurpose(tx: Transaction, companyId: number, purpose: MessageTemplateBody['purpose'], id = 0) {
  if (!purpose) return;
  await tx
    .update(messageTemplates)
    .set({ purpose: null })
    .where(
      and(
        eq(messageTemplates.companyId, companyId),
        eq(messageTemplates.purpose, purpose),
        ne(messageTemplates.id, id),
      ),
    );
}

/** `body.content` must already be sanitized. */
export async function insertTemplate(db: Database, companyId: number, body: MessageTemplateBody) {
  return db.transaction(async (tx) => {
    await freePurpose(tx, companyId, body.purpose);
    const [row] = await tx
      .insert(messageTemplates)
      .values({ companyId, ...body })
      .returning();
    return row as TemplateRecord;
  });
}

/** `body.content` must already be sanitized. */
export async function updateTemplate(
  db: Database,
  companyIds: readonly number[],
  id: number,
  body: MessageTemplateBody,
) {
  if (companyIds.length === 0) return undefined;
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ companyId: messageTemplates.companyId })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, id), inArray(messageTemplates.companyId, [...companyIds])))
      .for('update');
    if (!mine) return undefined;
    await freePurpose(tx, mine.companyId, body.purpose, id);
    const [row] = await tx
      .update(messageTemplates)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(messageTemplates.id, id))
      .returning();
    return row;
  });
}
