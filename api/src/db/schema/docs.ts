import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies, franchises } from './tenancy';

/**
 * Pages of a network's verification script. A page belongs to a franchise (read by all its centres) or to an
 * independent garage, never both; `version` counts its saves, each kept in `doc_page_versions`.
 */
export const docPages = pgTable(
  'doc_pages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    franchiseId: integer('franchise_id').references(() => franchises.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => docPages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('doc_pages_one_owner', sql`(${t.franchiseId} is null) <> (${t.companyId} is null)`),
    index('doc_pages_franchise_idx').on(t.franchiseId),
    index('doc_pages_company_idx').on(t.companyId),
  ],
);

/** Every saved state of a page, restorable; append-only like the folder history. */
export const docPageVersions = pgTable(
  'doc_page_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pageId: integer('page_id')
      .notNull()
      .references(() => docPages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    parentId: integer('parent_id'),
    position: integer('position').notNull(),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('doc_page_versions_page_version_unique').on(t.pageId, t.version)],
);

/** Who read which page when: the script is confidential, its reading is traced. */
export const docPageReads = pgTable(
  'doc_page_reads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pageId: integer('page_id')
      .notNull()
      .references(() => docPages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('doc_page_reads_page_idx').on(t.pageId, t.readAt.desc())],
);
