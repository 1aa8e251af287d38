import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies } from '../../db/schema';

/** What the accounting pages and files name of a garage: its name as printed, its SIRET, its fiscal year's start. */
export async function accountingGarage(db: Database, companyId: number) {
  const [company] = await db
    .select({
      name: sql<string>`coalesce(nullif(${companies.tradeName}, ''), ${companies.name})`,
      siret: companies.siret,
      fiscalYearStartMonth: companies.fiscalYearStartMonth,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company;
}
