import type { SidexaLine, SidexaResult } from 'contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { folders } from './folders';
import { companies } from './tenancy';

/** What the provider answered about the vehicle: the result without its lines. */
export type StoredVehicle = Omit<SidexaResult, 'lines'>;

/**
 * Vehicle quotation lookups: one per folder and scope, created in the same transaction as the unit it
 * costs (`applyUnits`), with `on conflict do nothing` on (folder, scope): whoever inserts the row pays, everyone
 * else reuses it, so a folder is charged once per scope however many tabs confirm together.
 */
export const sidexaLookups = pgTable(
  'sidexa_lookups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    /** Random, answered as `tokenId` by the status call; scoped tokens name it. */
    tokenId: text('token_id').notNull(),
    /** The plate searched, letters and digits (AB123CD), fixed when the unit is consumed. */
    registration: text('registration').notNull(),
    /** Units consumed (the ledger row says when and by whom). */
    units: integer('units').notNull().default(1),
    status: text('status').notNull().default('pending'),
    vehicle: jsonb('vehicle').$type<StoredVehicle>(),
    /** The provider's lines, with every variant. */
    lines: jsonb('lines').$type<SidexaLine[]>(),
    /** The lines of the parts the garage picked, priced (enrich). */
    pricedLines: jsonb('priced_lines').$type<SidexaLine[]>(),
    /** The provider's no-result text. */
    message: text('message'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sidexa_lookups_folder_scope_unique').on(t.folderId, t.scope),
    unique('sidexa_lookups_token_unique').on(t.tokenId),
    check('sidexa_lookups_status_check', sql`${t.status} in ('pending', 'found', 'not_found', 'priced')`),
    index('sidexa_lookups_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
  ],
);
