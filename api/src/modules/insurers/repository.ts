import { INSURER_COLUMNS, type InsurerEntry, type insurerBodySchema, type PagingQuery } from 'contracts';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db';
import { companies, folders, insurers } from '../../db/schema';
import { containsFilter, pagedList } from '../../lib/paged-list';

/*
 * The insurer directory: a garage reads its own entries and its network's (the shared entries of any
 * company of its franchise, in practice the franchisor's); it changes only its own. Every query is limited to
 * `companyIds`, the caller's garages.
 */

type Body = z.output<typeof insurerBodySchema>;

/** Entries the garages `companyIds` may read: their own, and the shared entries of their franchises. */
export function visibleInsurers(companyIds: number[]): SQL {
  const networks = sql`(select ${companies.franchiseId} from ${companies} where ${inArray(companies.id, companyIds)} and ${companies.franchiseId} is not null)`;
  const networkCompanies = sql`(select ${companies.id} from ${companies} where ${companies.franchiseId} in ${networks})`;
  return or(
    inArray(insurers.companyId, companyIds),
    and(eq(insurers.shared, true), sql`${insurers.companyId} in ${networkCompanies}`),
  ) as SQL;
}

const entryColumns = {
  id: insurers.id,
  companyId: insurers.companyId,
  companyName: companies.name,
  shortName: insurers.shortName,
  legalName: insurers.legalName,
  siren: insurers.siren,
  address: insurers.address,
  postalCode: insurers.postalCode,
  city: insurers.city,
  vatNumber: insurers.vatNumber,
  einvoicingAddress: insurers.einvoicingAddress,
  billingAddress: insurers.billingAddress,
  email: insurers.email,
  shared: insurers.shared,
};

const select = (db: Database | Transaction) =>
  db.select(entryColumns).from(insurers).innerJoin(companies, eq(companies.id, insurers.companyId));
const withEditable = (companyIds: number[]) => (row: Omit<InsurerEntry, 'editable'>) => ({
  ...row,
  editable: companyIds.includes(row.companyId),
});

/** A page of the directory of `companyIds`, searched on names, SIREN and city (accents folded); by name by default. */
export async function listInsurers(db: Database, companyIds: number[], query: PagingQuery) {
  const filters = Object.fromEntries(INSURER_COLUMNS.map((key) => [key, containsFilter(insurers[key])]));
  const page = await pagedList(
    {
      rows: select(db).$dynamic(),
      count: db.select({ total: count() }).from(insurers).$dynamic(),
      keys: INSURER_COLUMNS,
      defaultSort: { sort: 'shortName', dir: 'asc' },
      sorts: Object.fromEntries(INSURER_COLUMNS.map((key) => [key, insurers[key]])),
      tieBreak: [asc(insurers.id)],
      search: [insurers.shortName, insurers.legalName, insurers.siren, insurers.city].map(
        (column) => sql`search_fold(${column})`,
      ),
      scope: visibleInsurers(companyIds),
      filters: { ...filters, shared: (value) => eq(insurers.shared, /^(1|true|oui|réseau)$/i.test(value)) },
    },
    query,
  );
  return { data: page.data.map(withEditable(companyIds)), totalRecords: page.totalRecords };
}

/** One entry `companyIds` may read, or undefined. */
export async function findInsurer(db: Database | Transaction, companyIds: number[], id: number) {
  const [row] = await select(db).where(and(eq(insurers.id, id), visibleInsurers(companyIds)));
  return row && withEditable(companyIds)(row);
}

/** The folder form's choices for one garage: its entries and its network's, by name. */
export async function insurerChoices(db: Database | Transaction, companyId: number) {
  return db
    .select({ id: insurers.id, name: insurers.shortName })
    .from(insurers)
    .where(visibleInsurers([companyId]))
    .orderBy(asc(insurers.shortName), asc(insurers.id));
}

export async function createInsurer(db: Database, companyId: number, body: Body) {
  const [row] = await db
    .insert(insurers)
    .values({ ...body, companyId })
    .returning({ id: insurers.id });
  return row?.id;
}

/** Saves one of the caller's own entries (and the name its folders show); undefined when it is not theirs. */
export async function updateInsurer(db: Database, companyIds: number[], id: number, body: Body) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(insurers)
      .set(body)
      .where(and(eq(insurers.id, id), inArray(insurers.companyId, companyIds)))
      .returning({ id: insurers.id });
    if (row) await tx.update(folders).set({ insurer: body.shortName }).where(eq(folders.insurerId, id));
    return row?.id;
  });
}

/** How many folders name the entry (a used entry is not deleted: its invoices' buyer would lose its source). */
export async function foldersUsing(db: Database, id: number) {
  const [row] = await db.select({ total: count() }).from(folders).where(eq(folders.insurerId, id));
  return row?.total ?? 0;
}

/** Deletes one of the caller's own entries that no folder names (checked in the statement itself). */
export async function deleteInsurer(db: Database, companyIds: number[], id: number) {
  const deleted = await db
    .delete(insurers)
    .where(
      and(
        eq(insurers.id, id),
        inArray(insurers.companyId, companyIds),
        sql`not exists (select 1 from ${folders} where ${folders.insurerId} = ${id})`,
      ),
    )
    .returning({ id: insurers.id });
  return deleted.length > 0;
}
