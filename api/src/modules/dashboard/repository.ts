import {
  averageJobValue,
  type DashboardChart,
  type DashboardFigure,
  type DashboardMoney,
  type DashboardMoneyRow,
} from 'contracts';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, folderStatuses, folders, knownBy, technicians } from '../../db/schema';
import { PARIS_ZONE } from '../../lib/paris-time';
import { turnoverByCompany } from '../../lib/turnover';

export interface DashboardScope {
  companyIds: number[];
  from: Date;
  to: Date;
}

/** Folders of the scope created in [from, to[: the base of every figure. */
const inPeriod = (scope: DashboardScope): SQL =>
  and(
    inArray(folders.companyId, scope.companyIds),
    gte(folders.createdAt, scope.from),
    lt(folders.createdAt, scope.to),
  ) as SQL;

const total = sql<number>`count(*)::int`;
const closed = sql<number>`(count(*) filter (where ${folders.closedAt} is not null))::int`;

/** Folders per status label, in the statuses' order (they add up to the folder list's total). */
export async function foldersByStatus(db: Database, scope: DashboardScope): Promise<DashboardFigure[]> {
  return db
    .select({ label: folderStatuses.label, count: total })
    .from(folders)
    .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
    .where(inPeriod(scope))
    .groupBy(folderStatuses.label)
    .orderBy(sql`min(${folderStatuses.position})`, folderStatuses.label);
}

const insurer = sql<string>`coalesce(${folders.insurer}, 'Sans assurance')`;

/** Folders per insurer, most first. */
export async function foldersByInsurance(db: Database, scope: DashboardScope): Promise<DashboardFigure[]> {
  return db
    .select({ label: insurer, count: total })
    .from(folders)
    .where(inPeriod(scope))
    .groupBy(insurer)
    .orderBy(desc(total), insurer);
}

/** Per insurer: folders and how many of them are closed. */
export async function statsInsurances(db: Database, scope: DashboardScope): Promise<DashboardFigure[]> {
  return db
    .select({ label: insurer, count: total, closed })
    .from(folders)
    .where(inPeriod(scope))
    .groupBy(insurer)
    .orderBy(desc(total), insurer);
}

/** How customers heard of the garage. */
export async function statsKnownBy(db: Database, scope: DashboardScope): Promise<DashboardFigure[]> {
  const label = sql<string>`coalesce(${knownBy.label}, 'Non renseigné')`;
  return db
    .select({ label, count: total })
    .from(folders)
    .leftJoin(knownBy, eq(knownBy.id, folders.knownById))
    .where(inPeriod(scope))
    .groupBy(label)
    .orderBy(desc(total), label);
}

/** Technicians (and centres, when the scope has several) by closed folders, then by folders. */
export async function rankings(db: Database, scope: DashboardScope) {
  const technicianRows = await db
    .select({ label: technicians.name, count: total, closed })
    .from(folders)
    .innerJoin(technicians, eq(technicians.id, folders.technicianId))
    .where(inPeriod(scope))
    .groupBy(technicians.id, technicians.name)
    .orderBy(desc(closed), desc(total), technicians.name)
    .limit(10);
  const centres =
    scope.companyIds.length > 1
      ? await db
          .select({ label: companies.name, count: total, closed })
          .from(folders)
          .innerJoin(companies, eq(companies.id, folders.companyId))
          .where(inPeriod(scope))
          .groupBy(companies.id, companies.name)
          .orderBy(desc(closed), desc(total), companies.name)
      : [];
  return { technicians: technicianRows, centres };
}

/** Month by month: folders opened, or folders closed, in the period. */
export async function chart(db: Database, scope: DashboardScope, type: DashboardChart): Promise<DashboardFigure[]> {
  const column = type === 'closed-per-month' ? folders.closedAt : folders.createdAt;
  const month = sql<string>`to_char(date_trunc('month', ${column} at time zone ${PARIS_ZONE}), 'YYYY-MM')`;
  const where =
    type === 'closed-per-month'
      ? and(
          inArray(folders.companyId, scope.companyIds),
          gte(folders.closedAt, scope.from),
          lt(folders.closedAt, scope.to),
        )
      : inPeriod(scope);
  return db.select({ label: month, count: total }).from(folders).where(where).groupBy(month).orderBy(month);
}

/**
 * The money of each garage of the scope: its turnover and jobs over the period (the network page's figures), what its
 * customers and insurers owe today. One aggregate per figure, grouped by garage.
 */
export async function money(db: Database, scope: DashboardScope): Promise<DashboardMoney> {
  if (scope.companyIds.length === 0) return { total: averaged(0, 0, 0, 0), garages: [] };
  const ids = sql.join(
    scope.companyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const answer = (await db.execute(sql`
    select c.id as "companyId", c.name, coalesce(d.revenue, 0)::bigint as turnover, coalesce(d.jobs, 0)::int as jobs,
      coalesce(o.customers, 0)::bigint as "customersOwe", coalesce(o.insurers, 0)::bigint as "insurersOwe"
    from companies c
    left join (${turnoverByCompany(scope.from, scope.to)}) d on d.company_id = c.id
    left join (
      select company_id,
        sum(total_amount - credited_amount - paid_amount) filter (where bill_to <> 'insurer') as customers,
        sum(total_amount - credited_amount - paid_amount) filter (where bill_to = 'insurer') as insurers
      from billing_documents
      where type in ('invoice', 'opening-balance') and status <> 'draft' and total_amount - credited_amount - paid_amount > 0
        and company_id in (${ids})
      group by company_id
    ) o on o.company_id = c.id
    where c.id in (${ids})
    order by c.name, c.id
  `)) as unknown as { rows: Record<keyof DashboardMoneyRow, string | number>[] };
  const garages = answer.rows.map((row) => ({
    companyId: Number(row.companyId),
    name: String(row.name),
    ...averaged(Number(row.turnover), Number(row.jobs), Number(row.customersOwe), Number(row.insurersOwe)),
  }));
  const sum = (key: 'turnover' | 'jobs' | 'customersOwe' | 'insurersOwe') =>
    garages.reduce((total, garage) => total + garage[key], 0);
  return { total: averaged(sum('turnover'), sum('jobs'), sum('customersOwe'), sum('insurersOwe')), garages };
}

const averaged = (turnover: number, jobs: number, customersOwe: number, insurersOwe: number) => ({
  turnover,
  jobs,
  averageJob: averageJobValue(turnover, jobs),
  customersOwe,
  insurersOwe,
});
