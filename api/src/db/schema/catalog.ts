import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './tenancy';

/**
 * The catalogue. A product belongs to one garage; a franchisor's product marked `shared` is read by every
 * centre of its franchise (and edited by the franchisor only). Prices in integer cents, before tax.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    productCode: text('product_code'),
    price: integer('price').notNull(),
    category: text('category'),
    vatRate: numeric('vat_rate', { precision: 4, scale: 2, mode: 'number' }).notNull().default(20),
    unit: text('unit').notNull().default('piece'),
    eurocode: text('eurocode'),
    stockTracked: boolean('stock_tracked').notNull().default(false),
    /** The usual supplier (one of the owning garage's). */
    supplierId: integer('supplier_id').references((): AnyPgColumn => suppliers.id, { onDelete: 'set null' }),
    shared: boolean('shared').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list search and the line autocomplete compare, folded (lower case, no accents: `search_fold`,
     * migration 0036, as the folders' and documents'): name, code, Eurocode; « pare-brise arriere » finds « arrière ».
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold(name || ' ' || coalesce(product_code, '') || ' ' || coalesce(eurocode, ''))`,
    ),
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_unit_check', sql`${t.unit} in ('piece', 'hour')`),
    // The list (measured by `pnpm bench:products`): each part of a page walks one company's index in the
    // order asked for; the counts per status read an index alone.
    index('products_company_name_idx').on(t.companyId, t.name, t.id),
    index('products_company_price_idx').on(t.companyId, t.price, t.id),
    index('products_company_category_name_idx').on(t.companyId, t.category, t.name, t.id),
    index('products_shared_name_idx').on(t.companyId, t.name, t.id).where(sql`${t.shared}`),
    index('products_shared_price_idx').on(t.companyId, t.price, t.id).where(sql`${t.shared}`),
    index('products_shared_category_name_idx').on(t.companyId, t.category, t.name, t.id).where(sql`${t.shared}`),
    index('products_company_shared_disabled_idx').on(t.companyId, t.shared, t.disabled),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** What a garage holds of a product: changed only by `applyStockMovement`, one atomic statement. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    /** Low-stock warning at or below this quantity. */
    threshold: integer('threshold').notNull().default(0),
    /** Weighted average purchase price, cents. */
    averageCost: integer('average_cost').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.productId] }),
    check('stock_levels_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** Every change of a stock, append-only: receptions, adjustments, document lines, invoices. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    unitCost: integer('unit_cost'),
    reason: text('reason').notNull().default(''),
    reference: text('reference').notNull().default(''),
    quantityAfter: integer('quantity_after').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_product_idx').on(t.companyId, t.productId, t.createdAt.desc())],
);

/** A garage's suppliers, for purchase orders and expenses. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    siret: text('siret'),
    vatNumber: text('vat_number'),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    paymentTerms: text('payment_terms').notNull().default('30 jours'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suppliers_company_name_idx').on(t.companyId, t.name)],
);
