import { DEMO_COMPANIES, DEMO_FRANCHISE } from 'contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db';
import { companies, docPages, docPageVersions, franchises } from '../db/schema';
import type { Network } from '../modules/docs/repository';
import { FRANCHISE_SCRIPT, INDEPENDENT_SCRIPT, type SeedPage } from './docs-pages';

type Tx = Transaction;

async function insertPages(tx: Tx, network: Network, pages: SeedPage[], parentId: number | null) {
  for (const [position, page] of pages.entries()) {
    const [row] = await tx
      .insert(docPages)
      .values({ ...network, parentId, position, title: page.title, content: page.content })
      .returning();
    if (!row) throw new Error(`page ${page.title} not created`);
    await tx.insert(docPageVersions).values({
      pageId: row.id,
      version: 1,
      title: row.title,
      content: row.content,
      parentId,
      position,
      editedAt: row.updatedAt,
    });
    await insertPages(tx, network, page.children ?? [], row.id);
  }
}

/** The demo's scripts, once: a database that already has pages is left alone. */
export async function seedDocsDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20260112)`);
    const [existing] = await tx.select({ id: docPages.id }).from(docPages).limit(1);
    if (existing) return false;
    const [franchise] = await tx
      .select({ id: franchises.id })
      .from(franchises)
      .where(eq(franchises.name, DEMO_FRANCHISE));
    const [independent] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANIES.centre));
    if (franchise) await insertPages(tx, { franchiseId: franchise.id }, FRANCHISE_SCRIPT, null);
    if (independent) await insertPages(tx, { companyId: independent.id }, INDEPENDENT_SCRIPT, null);
    return true;
  });
}
