import {
  type PagingQuery,
  SUPPLIER_COLUMNS,
  SUPPLIER_NOT_FOUND,
  type Supplier,
  type supplierBodySchema,
} from 'contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { companies, suppliers } from '../../db/schema';
import { notFound } from '../../lib/domain-error';
import { containsFilter, pagedList } from '../../lib/paged-list';

type SupplierBody = z.output<typeof supplierBodySchema>;

const supplierColumns = {
  id: suppliers.id,
  name: suppliers.name,
  siret: suppliers.siret,
  vatNumber: suppliers.vatNumber,
  contactName: suppliers.contactName,
  email: suppliers.email,
  phone: suppliers.phone,
  address: suppliers.address,
  postalCode: suppliers.postalCode,
  city: suppliers.city,
  paymentTerms: suppliers.paymentTerms,
  companyName: companies.name,
};

const selectSuppliers = (db: Database) =>
  db.select(supplierColumns).from(suppliers).innerJoin(companies, eq(companies.id, suppliers.companyId));

export async function findSupplier(db: Database, companyIds: number[], id: number): Promise<Supplier | undefined> {
  const [row] = await selectSuppliers(db).where(and(eq(suppliers.id, id), inArray(suppliers.companyId, companyIds)));
  return row;
}

/** A page of the suppliers of `companyIds`, searched on name, SIRET and city (accents folded); by name by default. */
export function listSuppliers(db: Database, companyIds: number[], query: PagingQuery) {
  const columns = Object.fromEntries(SUPPLIER_COLUMNS.map((key) => [key, suppliers[key]]));
  return pagedList(
    {
      rows: selectSuppliers(db).$dynamic(),
      count: db.select({ total: count() }).from(suppliers).$dynamic(),
      keys: SUPPLIER_COLUMNS,
      defaultSort: { sort: 'name', dir: 'asc' },
      sorts: columns,
      nullsLast: true,
      tieBreak: [suppliers.id],
      search: [
        sql`search_fold(${suppliers.name})`,
        sql`regexp_replace(${suppliers.siret}, '\\s', '', 'g')`,
        sql`search_fold(${suppliers.city})`,
      ],
      scope: inArray(suppliers.companyId, companyIds),
      filters: Object.fromEntries(SUPPLIER_COLUMNS.map((key) => [key, containsFilter(suppliers[key])])),
    },
    query,
  );
}

/** A new supplier of `companyId`, answered as the list shows it. */
export async function createSupplier(db: Database, companyIds: number[], companyId: number, body: SupplierBody) {
  const [row] = await db
    .insert(suppliers)
    .values({ ...body, companyId })
    .returning({ id: suppliers.id });
  return foundSupplier(db, companyIds, row?.id);
}

/** A supplier of one of `companyIds` saved, or a 404 for one out of reach. */
export async function saveSupplier(db: Database, companyIds: number[], id: number, body: SupplierBody) {
  const [row] = await db
    .update(suppliers)
    .set(body)
    .where(and(eq(suppliers.id, id), inArray(suppliers.companyId, companyIds)))
    .returning({ id: suppliers.id });
  return foundSupplier(db, companyIds, row?.id);
}

async function foundSupplier(db: Database, companyIds: number[], id: number | undefined): Promise<Supplier> {
  const supplier = id === undefined ? undefined : await findSupplier(db, companyIds, id);
  if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
  return supplier;
}
