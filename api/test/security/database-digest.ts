import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db';

/*
 * « Nothing changed »: a digest of every row of the business tables, of every garage (a refused write must touch
 * neither the caller's garage nor anyone else's). Left out, the tables a refused or read-only request writes by
 * design: sessions (their last use), the events log (a read export is logged with its digest), the pages' reads and
 * the folders' history (a consulted address is logged), the outbox and the chains' heads.
 */
export const BUSINESS_TABLES = [
  'account_mappings',
  'activation_tokens',
  'billing_document_lines',
  'billing_documents',
  'billing_sequences',
  'companies',
  'company_logos',
  'doc_page_versions',
  'doc_pages',
  'document_originals',
  'expense_receipts',
  'expenses',
  'folder_document_contents',
  'folder_documents',
  'folder_statuses',
  'folder_task_steps',
  'folders',
  'franchises',
  'insurers',
  'invitations',
  'known_by',
  'ledger_archives',
  'ledger_closings',
  'ledger_links',
  'memberships',
  'message_templates',
  'notification_configs',
  'notifications',
  'payments',
  'products',
  'recoveries',
  'recovery_events',
  'sidexa_lookups',
  'stock_levels',
  'stock_movements',
  'suppliers',
  'technicians',
  'unit_ledger',
  'unit_orders',
  'users',
] as const;

/** Table name -> md5 of its rows (as text, sorted), read in one statement. */
export async function databaseDigest(db: Database): Promise<Record<string, string>> {
  const columns = BUSINESS_TABLES.map(
    (table) =>
      `(select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) from ${table} t) as ${table}`,
  );
  const result = (await db.execute(sql.raw(`select ${columns.join(', ')}`))) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows[0] ?? {};
}

/** The tables whose digest differs. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>): string[] =>
  BUSINESS_TABLES.filter((table) => before[table] !== after[table]);
