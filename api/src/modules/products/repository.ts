import {
  type DataTablesRequest,
  PRODUCT_COLUMNS,
  type ProductBrief,
  type ProductColumn,
  type ProductDetail,
  type ProductRow,
  type productBodySchema,
} from 'contracts';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { companies, products, suppliers } from '../../db/schema';

/** Who asks: the companies they work for; what they may read and write follows from them. */
export interface CatalogScope {
  companyIds: number[];
}

type Body = z.output<typeof productBodySchema>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Their own products, and the shared catalogue of the franchises their companies belong to. */
export function visible(scope: CatalogScope): SQL {
  const franchises = sql`(select ${companies.franchiseId} from ${companies} where ${companies.id} in ${scope.companyIds} and ${companies.franchiseId} is not null)`;
  return or(
    inArray(products.companyId, scope.companyIds),
    and(eq(products.shared, true), sql`${companies.franchiseId} in ${franchises}`),
  ) as SQL;
}

const SORTS: Record<ProductColumn, SQL> = {
  product_name: sql`${products.name}`,
  product_code: sql`${products.productCode}`,
  description: sql`${products.description}`,
  product_price: sql`${products.price}`,
  category: sql`${products.category}`,
  disabled: sql`${products.disabled}`,
};

/** The status tab's value: "true" (Désactivé) or "false" (Activé). */
const isDisabledValue = (value: string) => /^(1|true|oui|désactivé)$/i.test(value);

function columnFilter(column: Exclude<ProductColumn, 'disabled'>, value: string): SQL {
  if (column === 'product_price')
    return sql`(${products.price} / 100.0)::text like ${`${escapeLike(value.replace(',', '.'))}%`}`;
  return sql`${SORTS[column]} ilike ${`%${escapeLike(value)}%`}`;
}

/** The DataTables answer of the product list: a page, the totals, and the count per status for the tabs. */
export async function listProducts(db: Database, scope: CatalogScope, request: DataTablesRequest) {
  const conditions: SQL[] = [visible(scope)];
  const term = request.search.value.trim().toLowerCase();
  if (term) conditions.push(sql`${products.searchText} like ${`%${escapeLike(term)}%`}`);
  let wantDisabled: boolean | undefined;
  request.columns.forEach((column, index) => {
    const key = PRODUCT_COLUMNS[index];
    const value = column.search.value.trim();
    if (!key || !value) return;
    if (key === 'disabled') wantDisabled = isDisabledValue(value);
    else conditions.push(columnFilter(key, value));
  });
  // The tabs count over everything asked for but the status itself.
  const everything = and(...conditions);
  const shown = wantDisabled === undefined ? everything : and(everything, eq(products.disabled, wantDisabled));
  const [order] = request.order;
  const key = order ? PRODUCT_COLUMNS[order.column] : undefined;
  const direction = key ? order?.dir : 'desc';
  const sort = SORTS[key ?? 'product_name'];
  const ordering = [direction === 'asc' ? sql`${sort} asc nulls last` : sql`${sort} desc nulls last`, asc(products.id)];

  const [rows, totals] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        code: products.productCode,
        description: products.description,
        price: products.price,
        category: products.category,
        disabled: products.disabled,
        companyId: products.companyId,
        company: companies.name,
      })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .where(shown)
      .orderBy(...ordering)
      .limit(request.length)
      .offset(request.start),
    db
      .select({ disabled: products.disabled, total: count() })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .where(everything)
      .groupBy(products.disabled),
  ]);
  const enabled = totals.find((row) => !row.disabled)?.total ?? 0;
  const disabled = totals.find((row) => row.disabled)?.total ?? 0;
  const totalRecords = wantDisabled === undefined ? enabled + disabled : wantDisabled ? disabled : enabled;
  const data: ProductRow[] = rows.map((row) => ({
    id: row.id,
    product_name: row.name,
    product_code: row.code,
    description: row.description,
    product_price: row.price,
    category: row.category,
    disabled: row.disabled,
    company: row.company,
    editable: scope.companyIds.includes(row.companyId),
  }));
  return {
    code: 200,
    draw: request.draw,
    data,
    totalRecords,
    nbPage: Math.ceil(totalRecords / request.length),
    statusCounts: { all: enabled + disabled, enabled, disabled },
    message: '',
  };
}

const detailColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  productCode: products.productCode,
  price: products.price,
  category: products.category,
  vatRate: products.vatRate,
  unit: products.unit,
  eurocode: products.eurocode,
  stockTracked: products.stockTracked,
  supplierId: products.supplierId,
  supplier: suppliers.name,
  shared: products.shared,
  disabled: products.disabled,
  companyId: products.companyId,
  company: companies.name,
};

/** The product page's fields, or undefined when the product is not visible to the user. */
export async function findProduct(db: Database, scope: CatalogScope, id: number): Promise<ProductDetail | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(and(eq(products.id, id), visible(scope)))
    .limit(1);
  if (!row) return undefined;
  const { companyId, unit, ...rest } = row;
  return { ...rest, unit: unit === 'hour' ? 'hour' : 'piece', editable: scope.companyIds.includes(companyId) };
}

/** What a document line takes from a product. */
export async function productBrief(db: Database, scope: CatalogScope, id: number): Promise<ProductBrief | undefined> {
  const product = await findProduct(db, scope, id);
  return (
    product && {
      id: product.id,
      name: product.name,
      description: product.description,
      productCode: product.productCode,
      price: product.price,
    }
  );
}

/** The line autocomplete: 20 enabled products whose name, code or Eurocode contains the term. */
export async function searchProducts(db: Database, scope: CatalogScope, term: string) {
  const needle = term.trim().toLowerCase();
  if (!needle) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, code: products.productCode, price: products.price })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(
      and(visible(scope), eq(products.disabled, false), sql`${products.searchText} like ${`%${escapeLike(needle)}%`}`),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(20);
  return rows.map((row) => ({ value: row.id, label: row.code ? `${row.name} (${row.code})` : row.name }));
}

/** True when the supplier, if any, is one of `companyId`'s. */
export async function supplierBelongs(db: Database, companyId: number, supplierId: number | null) {
  if (supplierId === null) return true;
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.companyId, companyId)));
  return row !== undefined;
}

/** The garage that owns a product of the user's garages, or undefined. */
export async function ownerOf(db: Database, scope: CatalogScope, id: number) {
  const [row] = await db
    .select({ companyId: products.companyId })
    .from(products)
    .where(and(eq(products.id, id), inArray(products.companyId, scope.companyIds)));
  return row?.companyId;
}

/** A new product of `companyId` (one of the user's garages). */
export async function createProduct(db: Database, companyId: number, body: Body) {
  const [row] = await db
    .insert(products)
    .values({ ...body, companyId })
    .returning({ id: products.id });
  return row?.id;
}

/** Saves a product of the user's own garages; undefined when it is not one of theirs. */
export async function updateProduct(db: Database, scope: CatalogScope, id: number, body: Body) {
  const [row] = await db
    .update(products)
    .set({ ...body, updatedAt: new Date() })
    .where(and(eq(products.id, id), inArray(products.companyId, scope.companyIds)))
    .returning({ id: products.id });
  return row?.id;
}
