import {
  averageJobValue,
  type DashboardChart,
  type DashboardFigure,
  type DashboardMoney,
  type DashboardMoneyRow,
} from 'contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { turnoverByCompany } from '../../lib/turnover';
import { type CountedDimension, periodCounts } from './folder-counts';

export interface DashboardScope {
  companyIds: number[];
  from: Date;
  to: Date;
}

/** The rows of a statement written in SQL (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The period's counts of one dimension, as the table `c` of a widget's statement (`folder-counts.ts`). */
const counted = (scope: DashboardScope, dimension: CountedDimension) => sql`(${periodCounts(scope, dimension)}) as c`;

/** Folders per status label, in the statuses' order (they add up to the folder list's total). */
export async function foldersByStatus(db: Database, scope: DashboardScope): Promise<DashboardFigure[]> {
  return rowsOf(
    db,
    sql`select s.label, sum(c.folders)::int as "count"
      from ${counted(scope, 'status')} join folder_statuses s on s.id = c.key::int
      group by s.label having sum(c.folders) > 0
      order by min(s.position), s.label`,
  );
}

/** Per insurer: folders and how many of them are closed, most first. */
export async function statsInsurances(db: Database, scope: DashboardScope): Promise<DashboardFigure[]> {
  return rowsOf(
    db,
    sql`select coalesce(c.key, 'Sans assurance') as label, sum(c.folders)::int as "count", sum(c.closed)::int as closed
      from ${counted(scope, 'insurer')}
      group by label having sum(c.folders) > 0
      order by "count" desc, label`,
  );
}

/** Folders per insurer, most first. */
export async function foldersByInsurance(db: Database, scope: DashboardScope): Promise<DashboardFigure[]> {
  return (await statsInsurances(db, scope)).map(({ label, count }) => ({ label, count }));
}

/** How customers heard of the garage. */
export async function statsKnownBy(db: Database, scope: DashboardScope): Promise<DashboardFigure[]> {
  return rowsOf(
    db,
    sql`select coalesce(k.label, 'Non renseigné') as label, sum(c.folders)::int as "count"
      from ${counted(scope, 'known_by')} left join known_by k on k.id = c.key::int
      group by 1 having sum(c.folders) > 0
      order by "count" desc, label`,
  );
}

/** Technicians (and centres, when the scope has several) by closed folders, then by folders. */
export async function rankings(db: Database, scope: DashboardScope) {
  const technicianRows = await rowsOf<DashboardFigure>(
    db,
    sql`select t.name as label, sum(c.folders)::int as "count", sum(c.closed)::int as closed
      from ${counted(scope, 'technician')} join technicians t on t.id = c.key::int
      group by t.id, t.name having sum(c.folders) > 0
      order by closed desc, "count" desc, t.name
      limit 10`,
  );
  const centres =
    scope.companyIds.length > 1
      ? await rowsOf<DashboardFigure>(
          db,
          sql`select g.name as label, sum(c.folders)::int as "count", sum(c.closed)::int as closed
            from ${counted(scope, 'status')} join companies g on g.id = c.company_id
            group by g.id, g.name having sum(c.folders) > 0
            order by closed desc, "count" desc, g.name`,
        )
      : [];
  return { technicians: technicianRows, centres };
}

/** Month by month: folders opened, or folders closed, in the period. */
export async function chart(db: Database, scope: DashboardScope, type: DashboardChart): Promise<DashboardFigure[]> {
  const dimension = type === 'closed-per-month' ? 'closed' : 'status';
  return rowsOf(
    db,
    sql`select to_char(c.period_start, 'YYYY-MM') as label, sum(c.folders)::int as "count"
      from ${counted(scope, dimension)}
      group by label having sum(c.folders) > 0
      order by label`,
  );
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
  const rows = await rowsOf<Record<keyof DashboardMoneyRow, string | number>>(
    db,
    sql`
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
  `,
  );
  const garages = rows.map((row) => ({
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
