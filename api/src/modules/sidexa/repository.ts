import { randomUUID } from 'node:crypto';
import {
  FOLDER_NOT_FOUND_MESSAGE,
  formatPlate,
  GLASS_LABELS,
  GLASS_TYPES,
  normalizePlate,
  type PagingQuery,
  SIDEXA_COMPANY_MISMATCH,
  SIDEXA_HOUR_UNIT,
  SIDEXA_NO_PLATE,
  SIDEXA_STATES,
  SIDEXA_TABLE_COLUMNS,
  SIDEXA_UNIT_COST,
  type SidexaLine,
  type SidexaRow,
  type SidexaState,
  type SidexaTableColumn,
  sidexaReportUrl,
} from 'contracts';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, folderStatuses, folders, sidexaLookups, technicians, users } from '../../db/schema';
import type { StoredVehicle } from '../../db/schema/sidexa';
import { invalid, notFound } from '../../lib/domain-error';
import { containsPattern } from '../../lib/like';
import { resolvePaging } from '../../lib/paging';
import { spendUnits } from '../billing/units/units-repository';
import { folderSearch } from '../folders/repository';

export type Lookup = typeof sidexaLookups.$inferSelect;

/** What the vehicle search needs of a folder, within the caller's companies. */
export async function findFolderFacts(db: Database, companyIds: number[], folderId: number) {
  const [row] = await db
    .select({
      id: folders.id,
      companyId: folders.companyId,
      plate: folders.plate,
      vin: folders.vin,
      brand: folders.brand,
      model: folders.model,
      glass: folders.glass,
      hourlyRate: companies.hourlyRate,
    })
    .from(folders)
    .innerJoin(companies, eq(companies.id, folders.companyId))
    .where(and(eq(folders.id, folderId), inArray(folders.companyId, companyIds)))
    .limit(1);
  return row;
}

export async function findLookup(db: Database, folderId: number, scope: string): Promise<Lookup | undefined> {
  const [row] = await db
    .select()
    .from(sidexaLookups)
    .where(and(eq(sidexaLookups.folderId, folderId), eq(sidexaLookups.scope, scope)))
    .limit(1);
  return row;
}

export async function findLookupByToken(db: Database, companyIds: number[], tokenId: string) {
  const [row] = await db
    .select()
    .from(sidexaLookups)
    .where(and(eq(sidexaLookups.tokenId, tokenId), inArray(sidexaLookups.companyId, companyIds)))
    .limit(1);
  return row;
}

export async function findLookupById(db: Database, companyIds: number[], id: number) {
  const [row] = await db
    .select()
    .from(sidexaLookups)
    .where(and(eq(sidexaLookups.id, id), inArray(sidexaLookups.companyId, companyIds)))
    .limit(1);
  return row;
}

/** Thrown likewise when the folder has no plate to search. */
export interface Consumption {
  lookup: Lookup;
  charged: boolean;
  jeton: number;
}

/**
 * One unit for a folder's lookup, once per (folder, scope), in one transaction: the lookup row is inserted with
 * `on conflict do nothing`; only the request whose insert happened pays (`applyUnits`: one bounded update, never
 * below zero, and its ledger row). Concurrent requests for the same folder wait on the unique index and then read
 * the winner's row; a refusal (no such folder, another garage, no plate, no unit left) is thrown inside the transaction,
 * which rolls back: nothing at all is written.
 */
export async function consumeForLookup(
  db: Database,
  input: { companyIds: number[]; folderId: number; companyId: number; scope: string; userId: number },
): Promise<Consumption> {
  return db.transaction(async (tx): Promise<Consumption> => {
    const [folder] = await tx
      .select({ id: folders.id, companyId: folders.companyId, plate: folders.plate })
      .from(folders)
      .where(and(eq(folders.id, input.folderId), inArray(folders.companyId, input.companyIds)))
      .limit(1);
    if (!folder) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    if (input.companyId !== 0 && input.companyId !== folder.companyId) throw invalid(SIDEXA_COMPANY_MISMATCH);
    const registration = normalizePlate(folder.plate);
    const [inserted] = await tx
      .insert(sidexaLookups)
      .values({
        companyId: folder.companyId,
        folderId: folder.id,
        scope: input.scope,
        tokenId: randomUUID(),
        registration,
        units: SIDEXA_UNIT_COST,
        createdBy: input.userId,
      })
      .onConflictDoNothing({ target: [sidexaLookups.folderId, sidexaLookups.scope] })
      .returning();
    if (!inserted) {
      const [existing] = await tx
        .select()
        .from(sidexaLookups)
        .where(and(eq(sidexaLookups.folderId, folder.id), eq(sidexaLookups.scope, input.scope)));
      const [company] = await tx
        .select({ jeton: companies.jeton })
        .from(companies)
        .where(eq(companies.id, folder.companyId));
      if (!existing || !company) throw new Error('lookup vanished');
      return { lookup: existing, charged: false, jeton: company.jeton };
    }
    // Checked after the insert: a folder already charged keeps answering, whatever its plate became.
    if (!registration) throw invalid(SIDEXA_NO_PLATE);
    const jeton = await spendUnits(tx, {
      companyId: folder.companyId,
      units: -SIDEXA_UNIT_COST,
      kind: 'sidexa',
      folderId: folder.id,
      reference: `Sidexa ${formatPlate(registration)}`,
      userId: input.userId,
    });
    return { lookup: inserted, charged: true, jeton };
  });
}

/** The provider's vehicle, kept on the lookup (a priced lookup keeps its state). */
export async function storeVehicle(db: Database, lookupId: number, vehicle: StoredVehicle, lines: SidexaLine[]) {
  await db
    .update(sidexaLookups)
    .set({ vehicle, lines, status: 'found', message: null, updatedAt: new Date() })
    .where(and(eq(sidexaLookups.id, lookupId), inArray(sidexaLookups.status, ['pending', 'not_found'])));
}

export async function storeNoResult(db: Database, lookupId: number, message: string) {
  await db
    .update(sidexaLookups)
    .set({ status: 'not_found', message, updatedAt: new Date() })
    .where(and(eq(sidexaLookups.id, lookupId), inArray(sidexaLookups.status, ['pending', 'not_found'])));
}

export async function storePricedLines(db: Database, lookupId: number, pricedLines: SidexaLine[]) {
  await db
    .update(sidexaLookups)
    .set({ pricedLines, status: 'priced', updatedAt: new Date() })
    .where(eq(sidexaLookups.id, lookupId));
}

/** Labour lines the provider left unpriced, at the garage's hourly rate (euros) when it has one. */
export function withHourlyRate(lines: SidexaLine[], hourlyRate: number | null): SidexaLine[] {
  if (hourlyRate === null || hourlyRate <= 0) return lines;
  const cents = Math.round(hourlyRate * 100);
  return lines.map((line) =>
    line.unit === SIDEXA_HOUR_UNIT && line.preTaxAmount === null ? { ...line, preTaxAmount: cents } : line,
  );
}

/** The company fee setting; undefined when the company does not exist. */
export async function saveHourlyRate(db: Database, companyId: number, hourlyRate: number) {
  const [row] = await db
    .update(companies)
    .set({ hourlyRate })
    .where(eq(companies.id, companyId))
    .returning({ hourlyRate: companies.hourlyRate });
  return row;
}

// ---------------------------------------------------------------- the list

const customer = sql<string>`trim(${folders.firstName} || ' ' || ${folders.lastName})`;

const SORTS: Record<SidexaTableColumn, SQL> = {
  createdAt: sql`${sidexaLookups.createdAt}`,
  folder: sql`${folders.number}`,
  status: sql`${folderStatuses.position}`,
  appointmentAt: sql`${folders.appointmentAt}`,
  technician: sql`${technicians.name}`,
  glass: sql`${folders.glass}`,
  consumption: sql`${sidexaLookups.units}`,
  report: sql`${sidexaLookups.status}`,
  state: sql`${sidexaLookups.status}`,
};

/** A glass filter: the code (windscreen) or its label (Pare-brise). */
function glassCode(value: string): string | undefined {
  const lowered = value.toLowerCase();
  return GLASS_TYPES.find((code) => code === lowered || GLASS_LABELS[code].toLowerCase().startsWith(lowered));
}

const FILTERS: Partial<Record<SidexaTableColumn, (value: string) => SQL | undefined>> = {
  folder: (value) => {
    return folderSearch(value);
  },
  status: (value) => sql`${folderStatuses.label} = ${value}`,
  technician: (value) => sql`${technicians.name} ilike ${containsPattern(value)}`,
  glass: (value) => {
    const code = glassCode(value);
    return code ? eq(folders.glass, code) : sql`false`;
  },
};

/**
 * /sidexa/list: the lookups of the user's companies (shared paging, newest first by default), with the number of
 * lookups per state for the tabs (over everything asked for but the state itself).
 */
export async function listLookups(db: Database, companyIds: number[], query: PagingQuery) {
  const paging = resolvePaging(query, SIDEXA_TABLE_COLUMNS, { sort: 'createdAt', dir: 'desc' });
  const base: SQL[] = [inArray(sidexaLookups.companyId, companyIds)];
  if (paging.search) {
    const search = folderSearch(paging.search);
    if (search) base.push(search);
  }
  for (const [key, value] of Object.entries(paging.filters) as [SidexaTableColumn, string][]) {
    const filter = FILTERS[key]?.(value);
    if (filter) base.push(filter);
  }
  const wanted = paging.filters.state;
  const state = (SIDEXA_STATES as readonly string[]).includes(wanted ?? '') ? (wanted as SidexaState) : undefined;
  const everything = and(...base);
  const shown = state ? and(everything, eq(sidexaLookups.status, state)) : everything;
  const direction = paging.dir === 'asc' ? sql`asc` : sql`desc`;
  const sort = SORTS[paging.sort ?? 'createdAt'];

  const [rows, perState] = await Promise.all([
    db
      .select({
        id: sidexaLookups.id,
        createdAt: sidexaLookups.createdAt,
        folderId: folders.id,
        number: folders.number,
        customer,
        registration: sidexaLookups.registration,
        foundBrand: sql<string | null>`${sidexaLookups.vehicle}->>'brand'`,
        foundModel: sql<string | null>`${sidexaLookups.vehicle}->>'model'`,
        brand: folders.brand,
        model: folders.model,
        status: folderStatuses.label,
        statusColor: folderStatuses.color,
        appointmentAt: folders.appointmentAt,
        technician: technicians.name,
        glass: folders.glass,
        units: sidexaLookups.units,
        state: sidexaLookups.status,
        companyName: companies.name,
      })
      .from(sidexaLookups)
      .innerJoin(folders, eq(folders.id, sidexaLookups.folderId))
      .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
      .innerJoin(companies, eq(companies.id, sidexaLookups.companyId))
      .leftJoin(technicians, eq(technicians.id, folders.technicianId))
      .where(shown)
      .orderBy(sql`${sort} ${direction} nulls last`, sql`${sidexaLookups.id} ${direction}`)
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ state: sidexaLookups.status, total: count() })
      .from(sidexaLookups)
      .innerJoin(folders, eq(folders.id, sidexaLookups.folderId))
      .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
      .leftJoin(technicians, eq(technicians.id, folders.technicianId))
      .where(everything)
      .groupBy(sidexaLookups.status),
  ]);
  const statusCounts: Record<string, number> = { all: 0, pending: 0, found: 0, not_found: 0, priced: 0 };
  for (const row of perState) {
    statusCounts[row.state] = row.total;
    statusCounts.all = (statusCounts.all ?? 0) + row.total;
  }
  const hasData = (value: string) => value === 'found' || value === 'priced';
  const data: SidexaRow[] = rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    folderId: row.folderId,
    folder: row.customer ? `${row.number} · ${row.customer}` : row.number,
    plate: formatPlate(row.registration),
    vehicle: [row.foundBrand ?? row.brand, row.foundModel ?? row.model].filter(Boolean).join(' '),
    status: row.status,
    statusColor: row.statusColor,
    appointmentAt: row.appointmentAt ? row.appointmentAt.toISOString() : null,
    technician: row.technician,
    glass: row.glass ? (GLASS_LABELS[row.glass as keyof typeof GLASS_LABELS] ?? row.glass) : null,
    consumption: row.units,
    report: hasData(row.state) ? sidexaReportUrl(row.id) : null,
    state: row.state as SidexaState,
    companyName: row.companyName,
  }));
  return { data, totalRecords: state ? (statusCounts[state] ?? 0) : (statusCounts.all ?? 0), statusCounts };
}

// ---------------------------------------------------------------- the report

/** What the report prints: the lookup, its folder and garage, who searched. */
export async function reportFacts(db: Database, companyIds: number[], lookupId: number) {
  const [row] = await db
    .select({
      lookup: sidexaLookups,
      number: folders.number,
      customer,
      garage: companies.name,
      tradeName: companies.tradeName,
      searchedBy: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.name}), '')`,
    })
    .from(sidexaLookups)
    .innerJoin(folders, eq(folders.id, sidexaLookups.folderId))
    .innerJoin(companies, eq(companies.id, sidexaLookups.companyId))
    .leftJoin(users, eq(users.id, sidexaLookups.createdBy))
    .where(and(eq(sidexaLookups.id, lookupId), inArray(sidexaLookups.companyId, companyIds)))
    .limit(1);
  return row;
}
export type ReportFacts = NonNullable<Awaited<ReturnType<typeof reportFacts>>>;
