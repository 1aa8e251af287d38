import type { DashboardChart, DashboardFigure } from 'contracts';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, folderStatuses, folders, knownBy, technicians } from '../../db/schema';
import { PARIS_ZONE } from '../../lib/paris-time';

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
