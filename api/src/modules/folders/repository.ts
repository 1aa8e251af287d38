import {
  FOLDER_LIST_COLUMNS,
  type FolderRow,
  type FolderStatus,
  formatPlate,
  normalizePlate,
  type PagingQuery,
} from 'contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { companies, folderStatuses, folders, technicians } from '../../db/schema';
import { iso } from '../../lib/iso-date';
import { resolvePaging } from '../../lib/paging';
import { matchesAllWords } from '../../lib/search';

type ListColumn = (typeof FOLDER_LIST_COLUMNS)[number];

/** Who asks, and which companies they may see: every query below is limited to them. */
export interface FolderScope {
  userId: number;
  companyIds: number[];
}

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
