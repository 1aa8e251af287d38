import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Every row of the owner's garage, table by table: the rows carrying its company id, the rows hanging from its
 * folders or its billing documents, its company row and its members' accounts. Taken before the other tenants'
 * calls and after them: any difference is a write that crossed the tenant boundary.
 */
export async function ownerSnapshot(app: FastifyInstance, companyId: number): Promise<Record<string, string>> {
  const columns = await app.db.execute(sql`
    select table_name as "table", array_agg(column_name::text) as "columns"
    from information_schema.columns
    where table_schema = 'public' and column_name in ('company_id', 'folder_id', 'document_id')
    group by table_name order by table_name`);
  const tables = (columns as unknown as { rows: { table: string; columns: string[] }[] }).rows;
  const where = (columnsOf: string[]) => {
    if (columnsOf.includes('company_id')) return sql`company_id = ${companyId}`;
    if (columnsOf.includes('folder_id'))
      return sql`folder_id in (select id from folders where company_id = ${companyId})`;
    return sql`document_id in (select id from billing_documents where company_id = ${companyId})`;
  };
  const snapshot: Record<string, string> = {};
  const digest = async (name: string, from: ReturnType<typeof sql>) => {
    const answer = await app.db.execute(
      sql`select count(*)::int as "rows", coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as "digest" from ${from}`,
    );
    const [row] = (answer as unknown as { rows: { rows: number; digest: string }[] }).rows;
    snapshot[name] = `${row?.rows} rows ${row?.digest}`;
  };
  for (const { table, columns: columnsOf } of tables) {
    await digest(table, sql`(select * from ${sql.identifier(table)} where ${where(columnsOf)}) t`);
  }
  await digest('companies', sql`(select * from companies where id = ${companyId}) t`);
  await digest(
    'users',
    sql`(select * from users where id in (select user_id from memberships where company_id = ${companyId})) t`,
  );
  return snapshot;
}
