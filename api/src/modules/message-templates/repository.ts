import type { MessageTemplate, MessageTemplateBody, MessageType } from 'contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { messageTemplates } from '../../db/schema';
import { franchiseCompanyIds } from '../../lib/franchise-scope';
import { containsPattern } from '../../lib/like';

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

export interface TemplateListQuery {
  companyIds: readonly number[];
  types: readonly MessageType[];
  offset: number;
  limit: number;
  sort: TemplateSort;
  dir: 'asc' | 'desc';
  search?: string;
}

export async function listTemplates(db: Database, query: TemplateListQuery) {
  if (query.companyIds.length === 0) return { rows: [], total: 0 };
  const filters: (SQL | undefined)[] = [readable(query.companyIds), inArray(messageTemplates.type, [...query.types])];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(messageTemplates.subject, pattern), ilike(messageTemplates.content, pattern)));
  }
  const where = and(...filters);
  const column = SORTS[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageTemplates)
      .where(where)
      .orderBy(query.dir === 'asc' ? asc(column) : desc(column), desc(messageTemplates.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(messageTemplates).where(where),
  ]);
  return { rows: rows.map((row) => toTemplate(row, query.companyIds)), total: total?.n ?? 0 };
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
