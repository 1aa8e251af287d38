import type { Company, CompanySearchItem, GarageUser } from 'contracts';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, franchises, memberships, users } from '../../db/schema';
import { containsPattern } from '../../lib/like';

const companyColumns = {
  id: companies.id,
  name: companies.name,
  tradeName: companies.tradeName,
  siret: companies.siret,
  tvaNumber: companies.tvaNumber,
  phone: companies.phone,
  garageType: companies.garageType,
  emailApi: companies.emailApi,
  franchiseId: companies.franchiseId,
  jeton: companies.jeton,
  hourlyRate: companies.hourlyRate,
  defaultTaxRate: companies.defaultTaxRate,
  logoUrl: companies.logoUrl,
};

export async function findCompanies(db: Database, ids: number[]): Promise<Company[]> {
  if (ids.length === 0) return [];
  return db.select(companyColumns).from(companies).where(inArray(companies.id, ids)).orderBy(asc(companies.id));
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */

export async function searchCompanies(
  db: Database,
  ids: number[],
  query: string,
  limit: number,
): Promise<CompanySearchItem[]> {
  if (ids.length === 0) return [];
  const pattern = containsPattern(query);
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(inArray(companies.id, ids), or(ilike(companies.name, pattern), ilike(companies.tradeName, pattern))))
    .orderBy(asc(companies.name))
    .limit(limit);
}

export async function findCompanyUsers(db: Database, companyId: number): Promise<GarageUser[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, firstname: users.firstname })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId))
    .orderBy(asc(users.id));
  return rows.map((row) => ({ id: row.id, name: `${row.firstname} ${row.name}`.trim() }));
}

export async function findFranchiseLogo(db: Database, franchiseId: number | null): Promise<string | null> {
  if (franchiseId === null) return null;
  const [row] = await db.select({ logoUrl: franchises.logoUrl }).from(franchises).where(eq(franchises.id, franchiseId));
  return row?.logoUrl ?? null;
}

/** The VAT rate new document lines and products of the garage start with. */
export async function saveDefaultTaxRate(db: Database, companyId: number, defaultTaxRate: number): Promise<void> {
  await db.update(companies).set({ defaultTaxRate }).where(eq(companies.id, companyId));
}
