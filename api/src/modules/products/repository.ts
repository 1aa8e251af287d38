import {
  type DataTablesRequest,
  PRODUCT_CATEGORIES,
  PRODUCT_COLUMNS,
  type ProductBrief,
  type ProductColumn,
  type ProductDetail,
  type ProductRow,
  type productBodySchema,
} from 'contracts';
import { and, asc, count, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db';
import { companies, products, suppliers } from '../../db/schema';
import { escapeLike } from '../../lib/like';
import { matchesAllWords } from '../../lib/search';

/** Who asks: the companies they work for; what they may read and write follows from them. */
export interface CatalogScope {
  companyIds: number[];
}

type Body = z.output<typeof productBodySchema>;

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
  if (column === 'category') {
    // A closed list (the form and the API refuse any other): the categories the text matches, as an `in` list
    // the (company, category, name) index answers in order, instead of a pattern on every row.
    const wanted = value.toLowerCase();
    const matching = PRODUCT_CATEGORIES.filter((category) => category.toLowerCase().includes(wanted));
    return matching.length > 0 ? inArray(products.category, matching) : sql`false`;
  }
  if (column === 'product_price')
    return sql`(${products.price} / 100.0)::text like ${`${escapeLike(value.replace(',', '.'))}%`}`;
  return sql`${SORTS[column]} ilike ${`%${escapeLike(value)}%`}`;
}

/**
 * The garages whose products a scope lists: its own, and those of its franchises that share a catalogue
 * (in practice the franchisor). Listing them first keeps every list query on one company's indexes.
 */
async function catalogOwners(db: Database, scope: CatalogScope): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`${companies.franchiseId} in (select ${companies.franchiseId} from ${companies} where ${companies.id} in ${scope.companyIds})`,
        notInArray(companies.id, scope.companyIds),
        sql`exists (select 1 from ${products} where ${products.companyId} = ${companies.id} and ${products.shared})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Columns that may be null sort them last; the others let an index give the order. */
const NULLABLE: ProductColumn[] = ['product_code', 'description', 'category'];

/** What both ways of reading a page need: the parts (own, shared), the filters, the status tab and the order. */
interface PageQuery {
  parts: SQL[];
  filters: SQL[];
  /** The status tab: only disabled (true) or enabled (false) products; undefined: both. */
  wantDisabled: boolean | undefined;
  sort: SQL;
  direction: SQL;
  nulls: SQL;
  start: number;
  length: number;
}

interface PageIds {
  ids: number[];
  /** Rows per status (enabled / disabled) over everything asked for but the status itself. */
  counted: { disabled: boolean; total: number }[];
}

/**
 * Without a text search: each part walks its company's (company, column) index in order and stops after the
 * page, and the tabs are counted per part from the (company, shared, disabled) index, all at once.
 */
async function pageByIndex(db: Database, page: PageQuery): Promise<PageIds> {
  const { sort, direction, nulls } = page;
  const enough = page.start + page.length;
  const status = page.wantDisabled === undefined ? undefined : eq(products.disabled, page.wantDisabled);
  const branches = page.parts.map(
    (part) =>
      sql`(select ${products.id} as id, ${sort} as s from ${products} where ${and(part, ...page.filters, status)} order by ${sort} ${direction}${nulls}, ${products.id} ${direction} limit ${enough})`,
  );
  const idsQuery = sql`select id from (${sql.join(branches, sql` union all `)}) page order by s ${direction}${nulls}, id ${direction} limit ${page.length} offset ${page.start}`;
  const [idRows, ...totals] = await Promise.all([
    db.execute(idsQuery) as unknown as Promise<{ rows: { id: number }[] }>,
    ...page.parts.map((part) =>
      db
        .select({ disabled: products.disabled, total: count() })
        .from(products)
        .where(and(part, ...page.filters))
        .groupBy(products.disabled),
    ),
  ]);
  return { ids: idRows.rows.map((row) => Number(row.id)), counted: totals.flat() };
}

/**
 * With a text search: the trigram index finds the matches of every part in one scan (ANDed with the parts'
 * company indexes), kept once (materialized), and both the page and the tab counts come from them in the
 * same statement. Reading the matches twice (page, then counts) cost twice the trigram scan: p95 25.9 -> 14.0 ms
 * for "clio" on 1,000,000 products (pnpm bench:products, PostgreSQL).
 */
async function pageOfMatches(db: Database, page: PageQuery): Promise<PageIds> {
  const { sort, direction, nulls } = page;
  const status = page.wantDisabled === undefined ? sql`` : sql`where disabled = ${page.wantDisabled}`;
  const answer = (await db.execute(sql`
    with matches as materialized (
      select ${products.id} as id, ${sort} as s, ${products.disabled} as disabled from ${products}
      where ${and(or(...page.parts), ...page.filters)}
    )
    select
      (select coalesce(json_agg(id order by s ${direction}${nulls}, id ${direction}), '[]'::json) from (
        select id, s from matches ${status} order by s ${direction}${nulls}, id ${direction}
        limit ${page.length} offset ${page.start}) page) as ids,
      (select coalesce(json_agg(json_build_object('disabled', disabled, 'total', total)), '[]'::json) from (
        select disabled, count(*)::int as total from matches group by disabled) counts) as counted
  `)) as unknown as { rows: { ids: number[] | string; counted: PageIds['counted'] | string }[] };
  const [row] = answer.rows;
  const json = <T>(value: T | string | undefined, empty: T): T =>
    value === undefined ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return { ids: json(row?.ids, []).map(Number), counted: json(row?.counted, []) };
}

/**
 * The DataTables answer of the product list: a page, the totals, and the count per status for the tabs.
 * Shaped by `pnpm bench:products` (1,000,000 products): own and shared products are counted and paged as two
 * parts, each on its own company's index; the page's ids come first, then its rows.
 */
export async function listProducts(db: Database, scope: CatalogScope, request: DataTablesRequest) {
  const filters: SQL[] = [];
  // The one search of the lists (lib/search.ts): each typed word, accents folded, on the folded text's trigram index.
  const search = matchesAllWords(request.search.value, [sql`${products.searchText}`]);
  if (search) filters.push(search);
  let wantDisabled: boolean | undefined;
  request.columns.forEach((column, index) => {
    const key = PRODUCT_COLUMNS[index];
    const value = column.search.value.trim();
    if (!key || !value) return;
    if (key === 'disabled') wantDisabled = isDisabledValue(value);
    else filters.push(columnFilter(key, value));
  });
  const sharing = await catalogOwners(db, scope);
  const parts: SQL[] = [inArray(products.companyId, scope.companyIds)];
  if (sharing.length > 0) parts.push(and(eq(products.shared, true), inArray(products.companyId, sharing)) as SQL);

  const [order] = request.order;
  const key = (order ? PRODUCT_COLUMNS[order.column] : undefined) ?? 'product_name';
  const page: PageQuery = {
    parts,
    filters,
    wantDisabled,
    sort: SORTS[key],
    direction: sql.raw(order ? (order.dir === 'asc' ? 'asc' : 'desc') : 'desc'),
    nulls: sql.raw(NULLABLE.includes(key) ? ' nulls last' : ''),
    start: request.start,
    length: request.length,
  };
  const { ids, counted } = search ? await pageOfMatches(db, page) : await pageByIndex(db, page);
  const rows =
    ids.length === 0
      ? []
      : await db
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
          .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const enabled = counted.filter((row) => !row.disabled).reduce((sum, row) => sum + row.total, 0);
  const disabled = counted.filter((row) => row.disabled).reduce((sum, row) => sum + row.total, 0);
  const totalRecords = wantDisabled === undefined ? enabled + disabled : wantDisabled ? disabled : enabled;
  const data: ProductRow[] = ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id: row.id,
            product_name: row.name,
            product_code: row.code,
            description: row.description,
            product_price: row.price,
            category: row.category,
            disabled: row.disabled,
            company: row.company,
            editable: scope.companyIds.includes(row.companyId),
          },
        ]
      : [];
  });
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
      unit: product.unit,
    }
  );
}

/** The line autocomplete: 20 enabled products whose name, code or Eurocode contains the term. */
export async function searchProducts(db: Database, scope: CatalogScope, term: string) {
  const search = matchesAllWords(term, [sql`${products.searchText}`]);
  if (!search) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, code: products.productCode, price: products.price })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(visible(scope), eq(products.disabled, false), search))
    .orderBy(asc(products.name), asc(products.id))
    .limit(20);
  return rows.map((row) => ({
    value: row.id,
    label: row.code ? `${row.name} (${row.code})` : row.name,
    price: row.price,
  }));
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
