import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea } from './columns';
import { companies } from './tenancy';

/*
 * A garage's customer directory, as brought from its former software: each customer and their vehicles. The folders
 * keep their own copy of the customer and the vehicle (a folder is a case, frozen as it was); the directory is what
 * the garage knew before and what its next folders start from.
 */

// contracts' IMPORT_STATUSES, written out: drizzle-kit reads this file on its own.
const IMPORT_STATUSES = ['draft', 'imported', 'undone'] as const;

/** One file brought in: kept with its mapping and its report, undone as a whole while nothing built on it. */
export const imports = pgTable(
  'imports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['customers', 'products', 'suppliers', 'insurers', 'receivables'] })
      .notNull()
      .default('customers'),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('draft'),
    fileName: text('file_name').notNull(),
    /** The file as uploaded, kept with the report (what was imported, from what). */
    file: bytea('file').notNull(),
    fileSha256: text('file_sha256').notNull(),
    encoding: text('encoding').notNull(),
    delimiter: text('delimiter').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, number | null>>().notNull(),
    /** `ImportCounts`, of the last check or of the import itself. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    refusals: jsonb('refusals').$type<{ line: number; reason: string }[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    check('imports_status_check', sql`${t.status} in ('draft', 'imported', 'undone')`),
    check('imports_kind_check', sql`${t.kind} in ('customers', 'products', 'suppliers', 'insurers', 'receivables')`),
    index('imports_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The customer's id in the former software: how a second import of the same file finds them again. */
    externalId: text('external_id'),
    civility: text('civility'),
    lastName: text('last_name').notNull(),
    firstName: text('first_name'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_external_idx').on(t.companyId, t.externalId).where(sql`${t.externalId} is not null`),
    index('customers_email_idx').on(t.companyId, t.email).where(sql`${t.email} is not null`),
  ],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Letters and digits only, upper case (`normalizePlate`): one vehicle per plate and garage. */
    plate: text('plate').notNull(),
    brand: text('brand'),
    model: text('model'),
    vin: text('vin'),
    mileage: integer('mileage'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vehicles_plate_idx').on(t.companyId, t.plate), index('vehicles_customer_idx').on(t.customerId)],
);

/**
 * What an import did to each row it touched: created it, or updated it from `previous` (its columns before). Undoing
 * the import deletes what it created and puts back what it updated.
 */
export const importChanges = pgTable(
  'import_changes',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** `receivable`: an opening balance (a `billing_documents` row of type 'opening-balance'). */
    entity: text('entity', { enum: ['customer', 'vehicle', 'product', 'supplier', 'insurer', 'receivable'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: ['created', 'updated'] }).notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>(),
  },
  (t) => [
    check(
      'import_changes_entity_check',
      sql`${t.entity} in ('customer', 'vehicle', 'product', 'supplier', 'insurer', 'receivable')`,
    ),
    check('import_changes_action_check', sql`${t.action} in ('created', 'updated')`),
    index('import_changes_import_idx').on(t.importId),
    index('import_changes_entity_idx').on(t.entity, t.entityId),
  ],
);
