import {
  DOC_PAGE_NOT_FOUND,
  DOC_PARENT_INVALID,
  type DocNode,
  type DocPage,
  type DocPageBody,
  type DocVersion,
} from 'contracts';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { companies, docPageReads, docPages, docPageVersions, users } from '../../db/schema';
import { invalid, notFound } from '../../lib/domain-error';
import { sanitizeHtml } from '../../lib/sanitize';

const VERSION_NOT_FOUND = 'Version introuvable';

/** Who asks and the companies they work for: the script they read is their networks'. */
export interface DocsScope {
  userId: number;
  companyIds: number[];
}

/** A network: a franchise (all its centres read its script) or an independent garage. */
export type Network = { franchiseId: number } | { companyId: number };

type Tx = Transaction;
const editorName = sql<string | null>`trim(${users.firstname} || ' ' || ${users.name})`;

/** The networks of these companies: their franchise when they have one, else themselves. */
export async function networksOf(db: Database | Tx, companyIds: number[]): Promise<Network[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({ id: companies.id, franchiseId: companies.franchiseId })
    .from(companies)
    .where(inArray(companies.id, companyIds));
  return rows.map((row) => (row.franchiseId ? { franchiseId: row.franchiseId } : { companyId: row.id }));
}

function inNetworks(networks: Network[]): SQL {
  const franchiseIds = networks.flatMap((network) => ('franchiseId' in network ? [network.franchiseId] : []));
  const companyIds = networks.flatMap((network) => ('companyId' in network ? [network.companyId] : []));
  return or(
    franchiseIds.length ? inArray(docPages.franchiseId, franchiseIds) : sql`false`,
    companyIds.length ? inArray(docPages.companyId, companyIds) : sql`false`,
  ) as SQL;
}

/** The whole tree the user may read, siblings in their order. */
export async function readTree(db: Database, scope: DocsScope): Promise<DocNode[]> {
  const rows = await db
    .select({ id: docPages.id, parentId: docPages.parentId, title: docPages.title, content: docPages.content })
    .from(docPages)
    .where(inNetworks(await networksOf(db, scope.companyIds)))
    .orderBy(asc(docPages.position), asc(docPages.id));
  const nodes = new Map<number, DocNode>(
    rows.map((row) => [row.id, { id: row.id, title: row.title, content: row.content, childreen: [] }]),
  );
  const roots: DocNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as DocNode;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.childreen.push(node);
    else roots.push(node);
  }
  return roots;
}

async function pageInScope(db: Database | Tx, scope: DocsScope, id: number, lock = false) {
  const query = db
    .select()
    .from(docPages)
    .where(and(eq(docPages.id, id), inNetworks(await networksOf(db, scope.companyIds))))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function toPage(db: Database | Tx, row: typeof docPages.$inferSelect): Promise<DocPage> {
  const [editor] = row.updatedBy
    ? await db.select({ name: editorName }).from(users).where(eq(users.id, row.updatedBy))
    : [];
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    parentId: row.parentId,
    position: row.position,
    version: row.version,
    updatedBy: editor?.name ?? 'Système',
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One page, and the trace that this user read it now. Undefined outside the user's networks. */
export async function readPage(db: Database, scope: DocsScope, id: number): Promise<DocPage | undefined> {
  const row = await pageInScope(db, scope, id);
  if (!row) return undefined;
  await db.insert(docPageReads).values({ pageId: id, userId: scope.userId });
  return toPage(db, row);
}

/** True when `parentId` may hold the page `id` (same network, not the page itself nor one of its descendants). */
async function parentAllowed(tx: Tx, network: Network, parentId: number | null, id?: number): Promise<boolean> {
  if (parentId === null) return true;
  const pages = await tx
    .select({ id: docPages.id, parentId: docPages.parentId })
    .from(docPages)
    .where(inNetworks([network]));
  const parents = new Map(pages.map((page) => [page.id, page.parentId]));
  if (!parents.has(parentId)) return false;
  for (let at: number | null | undefined = parentId; at; at = parents.get(at)) if (at === id) return false;
  return true;
}

const networkOfRow = (row: typeof docPages.$inferSelect): Network =>
  row.franchiseId ? { franchiseId: row.franchiseId } : { companyId: row.companyId as number };

async function saveVersion(tx: Tx, row: typeof docPages.$inferSelect) {
  await tx.insert(docPageVersions).values({
    pageId: row.id,
    version: row.version,
    title: row.title,
    content: row.content,
    parentId: row.parentId,
    position: row.position,
    editedBy: row.updatedBy,
    editedAt: row.updatedAt,
  });
}

/** A new page of `network`, version 1. */
export async function createPage(db: Database, userId: number, network: Network, body: Required<DocPageBody>) {
  return db.transaction(async (tx) => {
    if (!(await parentAllowed(tx, network, body.parentId))) throw invalid(DOC_PARENT_INVALID);
    const [row] = await tx
      .insert(docPages)
      .values({ ...network, ...body, content: sanitizeHtml(body.content), updatedBy: userId })
      .returning();
    if (!row) throw new Error('page not created');
    await saveVersion(tx, row);
    return toPage(tx, row);
  });
}

/** Saves a page as its next version (the row is locked: two editors get two versions, in order). */
export async function updatePage(db: Database, scope: DocsScope, id: number, body: Required<DocPageBody>) {
  return db.transaction(async (tx) => {
    const current = await pageInScope(tx, scope, id, true);
    if (!current) throw notFound(DOC_PAGE_NOT_FOUND);
    if (!(await parentAllowed(tx, networkOfRow(current), body.parentId, id))) throw invalid(DOC_PARENT_INVALID);
    const [row] = await tx
      .update(docPages)
      .set({
        ...body,
        content: sanitizeHtml(body.content),
        version: current.version + 1,
        updatedBy: scope.userId,
        updatedAt: new Date(),
      })
      .where(eq(docPages.id, id))
      .returning();
    if (!row) throw new Error('page not updated');
    await saveVersion(tx, row);
    return toPage(tx, row);
  });
}

/** The page's versions, newest first; undefined outside the user's networks. */
export async function listVersions(db: Database, scope: DocsScope, id: number): Promise<DocVersion[] | undefined> {
  if (!(await pageInScope(db, scope, id))) return undefined;
  const rows = await db
    .select({
      version: docPageVersions.version,
      title: docPageVersions.title,
      editedBy: editorName,
      editedAt: docPageVersions.editedAt,
    })
    .from(docPageVersions)
    .leftJoin(users, eq(users.id, docPageVersions.editedBy))
    .where(eq(docPageVersions.pageId, id))
    .orderBy(desc(docPageVersions.version));
  return rows.map((row) => ({ ...row, editedBy: row.editedBy ?? 'Système', editedAt: row.editedAt.toISOString() }));
}

/** Brings back a past version's title and content as the page's next version (nothing is ever rewritten). */
export async function restoreVersion(db: Database, scope: DocsScope, id: number, version: number) {
  const [past] = await db
    .select()
    .from(docPageVersions)
    .where(and(eq(docPageVersions.pageId, id), eq(docPageVersions.version, version)));
  const current = await pageInScope(db, scope, id);
  if (!current) throw notFound(DOC_PAGE_NOT_FOUND);
  if (!past) throw notFound(VERSION_NOT_FOUND);
  return updatePage(db, scope, id, {
    title: past.title,
    content: past.content,
    parentId: current.parentId,
    position: current.position,
  });
}
