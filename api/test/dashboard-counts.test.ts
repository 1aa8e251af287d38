/**
 * The dashboard's counts (`folder_counts`, kept by a trigger on `folders`, migration 0067) against the folders
 * themselves: after inserts, updates of every counted column, bulk updates, deletes, a technician removed and
 * concurrent writes, every widget reads the same figures as the same aggregate computed over the folder rows, for
 * periods cut anywhere (French midnights, whole months, the days clocks change, a few hours). Runs on both drivers.
 */
import { type DashboardChart, type DashboardFigure, FRANCE_TIME_ZONE } from 'contracts';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db';
import { companies, folderStatuses, folders, knownBy, technicians } from '../src/db/schema';
import {
  chart,
  type DashboardScope,
  foldersByInsurance,
  foldersByStatus,
  rankings,
  statsInsurances,
  statsKnownBy,
} from '../src/modules/dashboard/repository';
import { createTestApp } from './helpers';

let app: FastifyInstance;
let db: Database;
interface Garage {
  id: number;
  statuses: number[];
  technicians: number[];
  origins: number[];
}
let north: Garage;
let south: Garage;
let sequence = 0;

async function garage(name: string): Promise<Garage> {
  const [company] = await db.insert(companies).values({ name }).returning({ id: companies.id });
  const id = company?.id as number;
  const statuses = await db
    .insert(folderStatuses)
    .values(['Ouvert', 'En cours', 'Clôturé'].map((label, index) => ({ companyId: id, label, position: index + 1 })))
    .returning({ id: folderStatuses.id });
  const crew = await db
    .insert(technicians)
    .values(['Ali Benali', `Zoé ${name}`].map((technician) => ({ companyId: id, name: technician })))
    .returning({ id: technicians.id });
  const origins = await db
    .insert(knownBy)
    .values(['Internet', 'Bouche à oreille'].map((label) => ({ companyId: id, label })))
    .returning({ id: knownBy.id });
  return {
    id,
    statuses: statuses.map((row) => row.id),
    technicians: crew.map((row) => row.id),
    origins: origins.map((row) => row.id),
  };
}

const INSURERS = ['MAIF', 'AXA', 'Sans assurance', null];
/** Instants around the edges the counts cut at: the days clocks change, New Year, the end of a month. */
const EDGES = [
  '2026-03-28T23:30:00Z', // 29 March 00:30 in Paris, the day clocks go forward
  '2026-03-29T21:59:00Z', // 29 March 23:59 (summer time)
  '2026-10-24T22:30:00Z', // 25 October 00:30, the day clocks go back
  '2026-10-25T23:10:00Z', // 26 October 00:10 (winter time)
  '2025-12-31T23:30:00Z', // 1 January 2026 00:30
  '2026-01-31T22:59:59Z', // 31 January 23:59:59
  '2026-06-30T22:00:00Z', // 1 July 00:00 exactly
];

/** A folder of `place` made on `createdAt`, its other columns picked from `n`. */
function folderRow(place: Garage, n: number, createdAt: Date) {
  sequence += 1;
  const closed = n % 3 === 0;
  return {
    companyId: place.id,
    number: `T-${sequence}`,
    lastName: `Client ${sequence}`,
    plate: `TC${String(sequence).padStart(3, '0')}ZZ`,
    statusId: place.statuses[closed ? 2 : n % 2] as number,
    insurer: INSURERS[n % INSURERS.length],
    technicianId: n % 4 === 0 ? null : (place.technicians[n % place.technicians.length] as number),
    knownById: n % 5 === 0 ? null : (place.origins[n % 2] as number),
    createdAt,
    closedAt: closed ? new Date(createdAt.getTime() + (n % 40) * 86_400_000) : null,
  };
}

async function insertFolders(place: Garage, instants: Date[], offset = 0): Promise<number[]> {
  const rows = instants.map((createdAt, index) => folderRow(place, index + offset, createdAt));
  return (await db.insert(folders).values(rows).returning({ id: folders.id })).map((row) => row.id);
}

/** The year before 2026-11-28 at noon, one folder every ~2.3 days, and the edges. */
const spread = (count: number, start: number) =>
  Array.from(
    { length: count },
    (_, i) => new Date(Date.parse('2025-11-28T11:00:00Z') + (start + i * 2.3) * 86_400_000),
  );

// ---- The same widgets, straight from the folder rows (what the dashboard read before the counts) ----
const total = sql<number>`count(*)::int`;
const closedCount = sql<number>`(count(*) filter (where ${folders.closedAt} is not null))::int`;
const insurerLabel = sql<string>`coalesce(${folders.insurer}, 'Sans assurance')`;
const created = (scope: DashboardScope): SQL =>
  and(
    inArray(folders.companyId, scope.companyIds),
    gte(folders.createdAt, scope.from),
    lt(folders.createdAt, scope.to),
  ) as SQL;

async function fromRows(scope: DashboardScope) {
  const month = (column: AnyColumn) =>
    sql<string>`to_char(date_trunc('month', ${column} at time zone ${sql.raw(`'${FRANCE_TIME_ZONE}'`)}), 'YYYY-MM')`;
  const insurers = await db
    .select({ label: insurerLabel, count: total, closed: closedCount })
    .from(folders)
    .where(created(scope))
    .groupBy(insurerLabel)
    .orderBy(desc(total), insurerLabel);
  const originLabel = sql<string>`coalesce(${knownBy.label}, 'Non renseigné')`;
  const perMonth = async (type: DashboardChart) => {
    const column = type === 'closed-per-month' ? folders.closedAt : folders.createdAt;
    const label = month(column);
    return db
      .select({ label, count: total })
      .from(folders)
      .where(and(inArray(folders.companyId, scope.companyIds), gte(column, scope.from), lt(column, scope.to)) as SQL)
      .groupBy(label)
      .orderBy(label);
  };
  return {
    byStatus: await db
      .select({ label: folderStatuses.label, count: total })
      .from(folders)
      .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
      .where(created(scope))
      .groupBy(folderStatuses.label)
      .orderBy(sql`min(${folderStatuses.position})`, folderStatuses.label),
    byInsurance: insurers.map(({ label, count }) => ({ label, count })),
    insurers,
    knownBy: await db
      .select({ label: originLabel, count: total })
      .from(folders)
      .leftJoin(knownBy, eq(knownBy.id, folders.knownById))
      .where(created(scope))
      .groupBy(originLabel)
      .orderBy(desc(total), originLabel),
    rankings: {
      technicians: await db
        .select({ label: technicians.name, count: total, closed: closedCount })
        .from(folders)
        .innerJoin(technicians, eq(technicians.id, folders.technicianId))
        .where(created(scope))
        .groupBy(technicians.id, technicians.name)
        .orderBy(desc(closedCount), desc(total), technicians.name)
        .limit(10),
      centres:
        scope.companyIds.length > 1
          ? await db
              .select({ label: companies.name, count: total, closed: closedCount })
              .from(folders)
              .innerJoin(companies, eq(companies.id, folders.companyId))
              .where(created(scope))
              .groupBy(companies.id, companies.name)
              .orderBy(desc(closedCount), desc(total), asc(companies.name))
          : [],
    },
    opened: await perMonth('created-per-month'),
    closed: await perMonth('closed-per-month'),
  };
}

async function fromCounts(scope: DashboardScope) {
  return {
    byStatus: await foldersByStatus(db, scope),
    byInsurance: await foldersByInsurance(db, scope),
    insurers: await statsInsurances(db, scope),
    knownBy: await statsKnownBy(db, scope),
    rankings: await rankings(db, scope),
    opened: await chart(db, scope, 'created-per-month'),
    closed: await chart(db, scope, 'closed-per-month'),
  };
}

const PERIODS: [string, string][] = [
  ['2025-06-01T10:17:00Z', '2026-11-29T09:00:00Z'], // hours at both ends, months and days between
  ['2025-12-31T23:00:00Z', '2026-06-30T22:00:00Z'], // French midnights: whole months only
  ['2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'], // 29 March in Paris, 23 hours long
  ['2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'], // 25 October in Paris, 25 hours long
  ['2026-10-25T05:00:00Z', '2026-10-25T12:00:00Z'], // a few hours
  ['2026-01-15T23:00:00Z', '2026-03-10T23:00:00Z'], // days, one month, days
];

async function expectCountsEqualRows() {
  for (const companyIds of [[north.id], [north.id, south.id]]) {
    for (const [from, to] of PERIODS) {
      const scope = { companyIds, from: new Date(from), to: new Date(to) };
      const expected = await fromRows(scope);
      expect(await fromCounts(scope), `${companyIds.length} garage(s), ${from} → ${to}`).toEqual(expected);
    }
  }
}

const figuresTotal = (figures: DashboardFigure[]) => figures.reduce((sum, figure) => sum + figure.count, 0);

beforeAll(async () => {
  app = await createTestApp();
  db = app.db;
  north = await garage('Garage Compteurs Nord');
  south = await garage('Garage Compteurs Sud');
  await insertFolders(north, [...spread(160, 0), ...EDGES.map((iso) => new Date(iso))]);
  await insertFolders(south, [...spread(90, 1), ...EDGES.map((iso) => new Date(iso))], 7);
});
afterAll(() => app.close());

describe('folder counts of the dashboard', () => {
  it('equal the folders counted one by one after inserts, whatever the period', async () => {
    const everything = { companyIds: [north.id, south.id], from: new Date('2025-01-01'), to: new Date('2027-01-01') };
    expect(figuresTotal(await foldersByStatus(db, everything))).toBe(160 + 90 + 2 * EDGES.length);
    await expectCountsEqualRows();
  });

  it('follow every counted column a folder changes, bulk updates and deletes', async () => {
    const ids = (
      await db.select({ id: folders.id }).from(folders).where(eq(folders.companyId, north.id)).orderBy(folders.id)
    ).map((row) => row.id);
    const one = (index: number) => eq(folders.id, ids[index] as number);
    const [open, busy, done] = north.statuses as [number, number, number];
    await db
      .update(folders)
      .set({ statusId: done, closedAt: new Date('2026-05-31T22:30:00Z') })
      .where(one(1));
    await db.update(folders).set({ statusId: open, closedAt: null }).where(one(3));
    await db.update(folders).set({ insurer: 'Groupama' }).where(one(5));
    await db.update(folders).set({ insurer: null, knownById: null }).where(one(6));
    await db.update(folders).set({ technicianId: north.technicians[1] }).where(one(7));
    await db
      .update(folders)
      .set({ createdAt: new Date('2026-10-24T22:00:00Z') })
      .where(one(8));
    await db.update(folders).set({ companyId: south.id }).where(one(9));
    await db.update(folders).set({ lastName: 'Sans effet sur les comptes' }).where(one(10));
    // One statement over many folders: each counts once, in and out.
    await db
      .update(folders)
      .set({ statusId: busy })
      .where(inArray(folders.id, ids.slice(20, 80)));
    await db.delete(folders).where(inArray(folders.id, ids.slice(100, 130)));
    // A technician removed: its folders lose it (set null by the foreign key), the counts follow.
    await db.delete(technicians).where(eq(technicians.id, north.technicians[0] as number));
    north.technicians = north.technicians.slice(1);
    await expectCountsEqualRows();
  });

  it('lose nothing when many writers open, close and reopen folders of the same day at once', async () => {
    const day = new Date('2026-09-15T08:00:00Z');
    const [open, busy] = north.statuses as [number, number];
    const flipped = await insertFolders(north, Array(8).fill(day), 100);
    // Sixteen statements at once on one day's counts: folders opened that day, and folders of that day moving
    // between two statuses in opposite directions (each adds to one count row and takes from the other; the upsert
    // goes in key order, so two of them never wait on each other in a circle).
    const writers = [
      ...Array.from({ length: 8 }, (_, i) =>
        db.insert(folders).values(folderRow(north, 200 + i, new Date(day.getTime() + i * 60_000))),
      ),
      ...flipped.map((id, i) =>
        db
          .update(folders)
          .set(i % 2 === 0 ? { statusId: busy, closedAt: day } : { statusId: open, closedAt: null })
          .where(eq(folders.id, id)),
      ),
    ];
    await Promise.all(writers);
    await expectCountsEqualRows();
    const september = {
      companyIds: [north.id],
      from: new Date('2026-09-15T00:00:00+02:00'),
      to: new Date('2026-09-16T00:00:00+02:00'),
    };
    expect(figuresTotal(await foldersByStatus(db, september))).toBe(16);
  });

  it('go with a garage that is deleted', async () => {
    await db.delete(companies).where(eq(companies.id, south.id));
    const left = await db.execute(sql`select count(*)::int as n from folder_counts where company_id = ${south.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    await expectCountsEqualRows();
  });
});
