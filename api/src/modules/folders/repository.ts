import {
  type ContactType,
  FOLDER_CLOSED_MESSAGE,
  FOLDER_LIST_COLUMNS,
  FOLDER_NOT_FOUND_MESSAGE,
  type FolderDetail,
  type FolderRow,
  type FolderStatus,
  formatPlate,
  type HistoryEntry,
  type HistoryKind,
  normalizePlate,
  type PagingQuery,
} from 'contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db';
import { companies, folderHistory, folderStatuses, folders, knownBy, technicians, users } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/domain-error';
import { resolvePaging } from '../../lib/paging';
import { matchesAllWords } from '../../lib/search';
import { CLOSE_NEEDS_FORM, STATUS_NOT_FOUND } from './refusals';

type ListColumn = (typeof FOLDER_LIST_COLUMNS)[number];

/** Who asks, and which companies they may see: every query below is limited to them. */
export interface FolderScope {
  userId: number;
  companyIds: number[];
}

/** The folder's owner, a user: aliased so history authors can be joined from `users` too. */
const owner = alias(users, 'owner');
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const userName = sql<string>`trim(${users.firstname} || ' ' || ${users.name})`;

/** The folder search (lists and top bar): every typed word in the folder's folded search text. */
export const folderSearch = (term: string | undefined) => matchesAllWords(term, [sql`${folders.searchText}`]);

const SORTS: Record<ListColumn, SQL[]> = {
  number: [sql`${folders.number}`],
  customer: [sql`${folders.lastName}`, sql`${folders.firstName}`],
  plate: [sql`${folders.plate}`],
  vehicle: [sql`${folders.brand}`, sql`${folders.model}`],
  insurer: [sql`${folders.insurer}`],
  status: [sql`${folderStatuses.position}`],
  technician: [sql`${technicians.name}`],
  appointmentAt: [sql`${folders.appointmentAt}`],
  createdAt: [sql`${folders.createdAt}`],
  garage: [sql`${companies.name}`],
};

const FILTERS: Partial<Record<ListColumn, (value: string) => SQL>> = {
  number: (value) => sql`${folders.number} ilike ${`%${value}%`}`,
  customer: (value) => sql`(${folders.lastName} || ' ' || ${folders.firstName}) ilike ${`%${value}%`}`,
  plate: (value) => sql`${folders.plate} like ${`%${normalizePlate(value)}%`}`,
  vehicle: (value) => sql`(${folders.brand} || ' ' || ${folders.model}) ilike ${`%${value}%`}`,
  insurer: (value) => sql`${folders.insurer} ilike ${`%${value}%`}`,
  // The status tabs send the status label: the same tab works over several companies (TOUT).
  status: (value) => sql`${folderStatuses.label} = ${value}`,
  technician: (value) => sql`${technicians.name} ilike ${`%${value}%`}`,
  // A subquery, not a join: the counts stay index-only.
  garage: (value) =>
    sql`${folders.companyId} in (select ${companies.id} from ${companies} where ${matchesAllWords(value, [sql`search_fold(${companies.name})`]) ?? sql`true`})`,
};

export interface FolderListOptions {
  owner: 'my' | 'all';
  type: string;
  from?: string;
  to?: string;
}

/**
 * A page of folders for the shared paging protocol, with the number of folders per status label for the
 * tabs (over everything asked for but the status itself). Never any contact detail.
 *
 * Shaped by `pnpm bench:folders` (1,000,000 folders): the counts read only indexed columns (company, type,
 * status, technician: an index-only scan), the total is the sum of the counts, and the page picks its 25 ids
 * first (an index walk, even 10,000 rows deep) before joining what it shows for those 25 only.
 */
export async function listFolders(db: Database, scope: FolderScope, query: PagingQuery, options: FolderListOptions) {
  const paging = resolvePaging(query, FOLDER_LIST_COLUMNS, { sort: 'createdAt', dir: 'desc' });
  const base: SQL[] = [inArray(folders.companyId, scope.companyIds), eq(folders.type, options.type)];
  if (options.owner === 'my') base.push(eq(folders.ownerId, scope.userId));
  if (options.from) base.push(gte(folders.createdAt, new Date(options.from)));
  if (options.to) base.push(lt(folders.createdAt, new Date(options.to)));
  const search = folderSearch(paging.search);
  if (search) base.push(search);
  const columnFilters: SQL[] = [];
  let statusFilter: SQL | undefined;
  for (const [key, value] of Object.entries(paging.filters) as [ListColumn, string][]) {
    const filter = FILTERS[key]?.(value);
    if (!filter) continue;
    if (key === 'status') statusFilter = filter;
    else columnFilters.push(filter);
  }
  const everything = and(...base, ...columnFilters);
  const shown = and(everything, statusFilter);
  const sort = paging.sort ?? 'createdAt';
  // Technicians are joined only when a filter or the sort needs them: the counts then stay index-only.
  const withTechnician = 'technician' in paging.filters || sort === 'technician';
  const direction = paging.dir === 'asc' ? sql`asc` : sql`desc`;
  const order = [...(SORTS[sort] ?? []), sql`${folders.id}`].map((column) => sql`${column} ${direction} nulls last`);

  // Statuses too: without a tab or a status sort, the ids come from the index alone, however deep the page.
  const withStatus = statusFilter !== undefined || sort === 'status';
  const pageIds = () => {
    let ids = db.select({ id: folders.id }).from(folders).$dynamic();
    if (withStatus) ids = ids.innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId));
    if (withTechnician) ids = ids.leftJoin(technicians, eq(technicians.id, folders.technicianId));
    if (sort === 'garage') ids = ids.innerJoin(companies, eq(companies.id, folders.companyId));
    return ids
      .where(shown)
      .orderBy(...order)
      .limit(paging.limit)
      .offset(paging.offset);
  };
  const counts = () => {
    const rows = db
      .select({ label: folderStatuses.label, total: count() })
      .from(folders)
      .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
      .$dynamic();
    return (withTechnician ? rows.leftJoin(technicians, eq(technicians.id, folders.technicianId)) : rows)
      .where(everything)
      .groupBy(folderStatuses.label);
  };

  const [ids, perStatus] = await Promise.all([pageIds(), counts()]);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: folders.id,
            number: folders.number,
            firstName: folders.firstName,
            lastName: folders.lastName,
            plate: folders.plate,
            brand: folders.brand,
            model: folders.model,
            insurer: folders.insurer,
            claimNumber: folders.claimNumber,
            status: folderStatuses.label,
            statusCode: folderStatuses.code,
            statusColor: folderStatuses.color,
            technician: technicians.name,
            appointmentAt: folders.appointmentAt,
            companyName: companies.name,
            createdAt: folders.createdAt,
          })
          .from(folders)
          .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
          .innerJoin(companies, eq(companies.id, folders.companyId))
          .leftJoin(technicians, eq(technicians.id, folders.technicianId))
          .where(
            inArray(
              folders.id,
              ids.map((row) => row.id),
            ),
          )
          .orderBy(...order);

  const statusCounts: Record<string, number> = { all: 0 };
  for (const row of perStatus) {
    statusCounts[row.label] = row.total;
    statusCounts.all = (statusCounts.all ?? 0) + row.total;
  }
  const tab = paging.filters.status;
  const totalRecords = tab === undefined ? (statusCounts.all ?? 0) : (statusCounts[tab] ?? 0);
  const data: FolderRow[] = rows.map((row) => ({
    id: row.id,
    number: row.number,
    customer: `${row.lastName} ${row.firstName}`.trim(),
    plate: formatPlate(row.plate),
    vehicle: [row.brand, row.model].filter(Boolean).join(' '),
    insurer: row.insurer,
    claimNumber: row.claimNumber,
    status: row.status,
    statusCode: row.statusCode ?? '',
    statusColor: row.statusColor,
    technician: row.technician,
    appointmentAt: iso(row.appointmentAt),
    companyName: row.companyName,
    createdAt: row.createdAt.toISOString(),
  }));
  return { data, totalRecords, statusCounts };
}

/** The folder search of the top bar: the 20 best matches, newest first. */
export async function searchFolders(db: Database, companyIds: number[], term: string) {
  const condition = folderSearch(term);
  if (!condition || companyIds.length === 0) return [];
  const rows = await db
    .select({
      id: folders.id,
      number: folders.number,
      plate: folders.plate,
      firstName: folders.firstName,
      lastName: folders.lastName,
      brand: folders.brand,
      model: folders.model,
      garage: companies.name,
    })
    .from(folders)
    .innerJoin(companies, eq(companies.id, folders.companyId))
    .where(and(inArray(folders.companyId, companyIds), condition))
    .orderBy(desc(folders.createdAt), desc(folders.id))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    value: String(row.id),
    plate: row.plate || null,
    label: [
      formatPlate(row.plate),
      `${row.lastName} ${row.firstName}`.trim(),
      row.number,
      [row.brand, row.model].filter(Boolean).join(' '),
      // Over several garages (TOUT), two folders may share a number: say whose each is.
      companyIds.length > 1 ? row.garage : '',
    ]
      .filter(Boolean)
      .join(' · '),
  }));
}

/** Statuses of these companies (by label when several: TOUT), in their order. */
export async function listStatuses(db: Database, companyIds: number[]): Promise<FolderStatus[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({
      id: folderStatuses.id,
      code: folderStatuses.code,
      label: folderStatuses.label,
      color: folderStatuses.color,
      position: folderStatuses.position,
    })
    .from(folderStatuses)
    .where(inArray(folderStatuses.companyId, companyIds))
    .orderBy(asc(folderStatuses.position), asc(folderStatuses.id));
  const byLabel = new Map<string, FolderStatus>();
  for (const row of rows) if (!byLabel.has(row.label)) byLabel.set(row.label, { ...row, code: row.code ?? '' });
  return [...byLabel.values()];
}

/** What `#FOLDER#` stands for in a message: the folder's plate, or undefined outside the scope. */
export async function folderName(db: Database, companyIds: number[], id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ plate: folders.plate })
    .from(folders)
    .where(and(eq(folders.id, id), inArray(folders.companyId, companyIds)))
    .limit(1);
  return row ? formatPlate(row.plate) : undefined;
}

/** The folder with everything the detail page shows, or undefined outside the scope. */
export async function findFolder(db: Database, scope: FolderScope, id: number): Promise<FolderDetail | undefined> {
  const [row] = await db
    .select({
      folder: folders,
      companyName: companies.name,
      status: {
        id: folderStatuses.id,
        code: folderStatuses.code,
        label: folderStatuses.label,
        color: folderStatuses.color,
        position: folderStatuses.position,
      },
      knownById: knownBy.id,
      knownByLabel: knownBy.label,
      technicianName: technicians.name,
      ownerName: sql<string | null>`trim(${owner.firstname} || ' ' || ${owner.name})`,
    })
    .from(folders)
    .innerJoin(companies, eq(companies.id, folders.companyId))
    .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
    .leftJoin(knownBy, eq(knownBy.id, folders.knownById))
    .leftJoin(technicians, eq(technicians.id, folders.technicianId))
    .leftJoin(owner, eq(owner.id, folders.ownerId))
    .where(and(eq(folders.id, id), inArray(folders.companyId, scope.companyIds)))
    .limit(1);
  if (!row) return undefined;
  const f = row.folder;
  return {
    id: f.id,
    number: f.number,
    companyId: f.companyId,
    companyName: row.companyName,
    type: f.type,
    civility: f.civility,
    firstName: f.firstName,
    lastName: f.lastName,
    hasPhone: Boolean(f.phone),
    hasEmail: Boolean(f.email),
    hasAddress: Boolean(f.address || f.city),
    city: f.city,
    plate: formatPlate(f.plate),
    brand: f.brand,
    model: f.model,
    vin: f.vin,
    mileage: f.mileage,
    insurer: f.insurer,
    insurerId: f.insurerId,
    policyNumber: f.policyNumber,
    claimNumber: f.claimNumber,
    glass: (f.glass as FolderDetail['glass']) ?? null,
    repairKind: (f.repairKind as FolderDetail['repairKind']) ?? null,
    knownBy: row.knownById && row.knownByLabel ? { id: row.knownById, label: row.knownByLabel } : null,
    status: { ...row.status, code: row.status.code ?? '' },
    technician: f.technicianId && row.technicianName ? { id: f.technicianId, name: row.technicianName } : null,
    owner: f.ownerId && row.ownerName ? { id: f.ownerId, name: row.ownerName } : null,
    appointmentAt: iso(f.appointmentAt),
    appointmentComment: f.appointmentComment,
    appointmentMinutes: f.appointmentMinutes,
    closedAt: iso(f.closedAt),
    sentAt: iso(f.sentAt),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** The folder's history, newest first (or the one entry `entryId`). */
export async function listHistory(db: Database, folderId: number, entryId?: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: folderHistory.id,
      kind: folderHistory.kind,
      field: folderHistory.field,
      oldValue: folderHistory.oldValue,
      newValue: folderHistory.newValue,
      content: folderHistory.content,
      user: userName,
      createdAt: folderHistory.createdAt,
    })
    .from(folderHistory)
    .leftJoin(users, eq(users.id, folderHistory.userId))
    .where(
      entryId === undefined
        ? eq(folderHistory.folderId, folderId)
        : and(eq(folderHistory.folderId, folderId), eq(folderHistory.id, entryId)),
    )
    .orderBy(desc(folderHistory.createdAt), desc(folderHistory.id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as HistoryKind,
    user: row.user ?? 'Système',
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A customer's contact detail, written to the folder's history in the same transaction as it is read. */
export async function revealContact(
  db: Database,
  scope: FolderScope,
  folderId: number,
  type: ContactType,
): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        companyId: folders.companyId,
        phone: folders.phone,
        email: folders.email,
        address: folders.address,
        postalCode: folders.postalCode,
        city: folders.city,
      })
      .from(folders)
      .where(and(eq(folders.id, folderId), inArray(folders.companyId, scope.companyIds)))
      .limit(1);
    if (!row) return undefined;
    const value =
      type === 'phone'
        ? row.phone
        : type === 'mail'
          ? row.email
          : [row.address, [row.postalCode, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null;
    await tx
      .insert(folderHistory)
      .values({ folderId, companyId: row.companyId, userId: scope.userId, kind: 'contact', field: type });
    return value;
  });
}

/** Moves a folder to another status of its company, with its history row. */
export async function changeStatus(db: Database, scope: FolderScope, folderId: number, statusId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        companyId: folders.companyId,
        statusId: folders.statusId,
        closedAt: folders.closedAt,
        label: folderStatuses.label,
      })
      .from(folders)
      .innerJoin(folderStatuses, eq(folderStatuses.id, folders.statusId))
      .where(and(eq(folders.id, folderId), inArray(folders.companyId, scope.companyIds)))
      .for('update', { of: folders })
      .limit(1);
    if (!row) throw notFound(FOLDER_NOT_FOUND_MESSAGE);
    if (row.closedAt) throw conflict(FOLDER_CLOSED_MESSAGE);
    const [target] = await tx
      .select()
      .from(folderStatuses)
      .where(and(eq(folderStatuses.id, statusId), eq(folderStatuses.companyId, row.companyId)))
      .limit(1);
    if (!target) throw notFound(STATUS_NOT_FOUND);
    if (target.code === 'close') throw invalid(CLOSE_NEEDS_FORM);
    if (target.id === row.statusId) return { outcome: 'unchanged' as const };
    await tx.update(folders).set({ statusId, updatedAt: new Date() }).where(eq(folders.id, folderId));
    await tx.insert(folderHistory).values({
      folderId,
      companyId: row.companyId,
      userId: scope.userId,
      kind: 'status',
      field: 'status',
      oldValue: row.label,
      newValue: target.label,
    });
    return { outcome: 'changed' as const };
  });
}
