import type { Network, NetworkCentre, UnitPack } from 'contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, franchises, messageTemplates, products } from '../../db/schema';
import { holdsPermission } from '../../lib/roles-sql';
import { turnoverByCompany } from '../../lib/turnover';

export interface NetworkPeriod {
  from: Date;
  to: Date;
}

/**
 * Each company of the franchise beside the others, every figure one SQL aggregate per company over [from, to[:
 * folders created (and closed among them), revenue of the invoices and credit notes issued, units consumed.
 */
async function centreFigures(db: Database, franchiseId: number, period: NetworkPeriod): Promise<NetworkCentre[]> {
  const { from, to } = period;
  const answer = (await db.execute(sql`
    select c.id as "companyId", c.name, c.jeton as "unitBalance",
      exists (select 1 from memberships m where m.company_id = c.id and ${holdsPermission(sql`m.roles`, 'networkHead')}) as franchisor,
      coalesce(f.folders, 0)::int as folders, coalesce(f.closed, 0)::int as closed,
      coalesce(d.revenue, 0)::bigint as revenue, coalesce(u.used, 0)::int as "unitsUsed"
    from companies c
    left join (
      select company_id, count(*) as folders, count(*) filter (where closed_at is not null) as closed
      from folders where created_at >= ${from} and created_at < ${to} group by company_id
    ) f on f.company_id = c.id
    left join (${turnoverByCompany(from, to)}) d on d.company_id = c.id
    left join (
      select company_id, -sum(units) as used from unit_ledger
      where units < 0 and created_at >= ${from} and created_at < ${to} group by company_id
    ) u on u.company_id = c.id
    where c.franchise_id = ${franchiseId}
    order by franchisor desc, c.name, c.id
  `)) as unknown as { rows: (Omit<NetworkCentre, 'revenue'> & { revenue: string | number })[] };
  return answer.rows.map((row) => ({ ...row, revenue: Number(row.revenue) }));
}

/** The packs a franchise's centres buy: the franchisor's published ones, else the defaults. */
export async function franchisePacks(db: Database, franchiseId: number): Promise<UnitPack[] | null> {
  const [row] = await db.select({ packs: franchises.unitPacks }).from(franchises).where(eq(franchises.id, franchiseId));
  return row?.packs ?? null;
}

/** The packs a garage buys: those its franchisor publishes, else `defaults` (UNIT_PACKS). */
export async function packsForCompany(db: Database, companyId: number, defaults: UnitPack[]): Promise<UnitPack[]> {
  const [row] = await db
    .select({ packs: franchises.unitPacks })
    .from(companies)
    .innerJoin(franchises, eq(franchises.id, companies.franchiseId))
    .where(eq(companies.id, companyId));
  return row?.packs ?? defaults;
}

export async function publishPacks(db: Database, franchiseId: number, packs: UnitPack[] | null): Promise<void> {
  await db.update(franchises).set({ unitPacks: packs }).where(eq(franchises.id, franchiseId));
}

/** What the network page shows: the centres side by side, and what the franchisor publishes to them. */
export async function readNetwork(
  db: Database,
  franchiseId: number,
  period: NetworkPeriod,
  defaultPacks: UnitPack[],
): Promise<Network> {
  const inFranchise = sql`(select id from companies where franchise_id = ${franchiseId})`;
  const [centres, [sharedProducts], [sharedTemplates], packs] = await Promise.all([
    centreFigures(db, franchiseId, period),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(
        and(eq(products.shared, true), eq(products.disabled, false), sql`${products.companyId} in ${inFranchise}`),
      ),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.shared, true), sql`${messageTemplates.companyId} in ${inFranchise}`)),
    franchisePacks(db, franchiseId),
  ]);
  return {
    centres,
    published: {
      sharedProducts: sharedProducts?.n ?? 0,
      sharedTemplates: sharedTemplates?.n ?? 0,
      unitPacks: packs ?? defaultPacks,
      customPacks: packs !== null,
    },
  };
}
