import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { billingDocuments } from './billing';
import { outbox } from './notifications';
import { companies } from './tenancy';

/**
 * An unpaid invoice under recovery and its stage: relance amiable, mise en demeure, contentieux (closed once
 * paid or abandoned). What is due is read from the invoice (total - paid), never copied here.
 */
export const recoveries = pgTable(
  'recoveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => billingDocuments.id),
    stage: text('stage').notNull().default('amiable'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('recoveries_stage_check', sql`${t.stage} in ('amiable', 'mise_en_demeure', 'contentieux', 'closed')`),
    unique('recoveries_document_unique').on(t.documentId),
    index('recoveries_company_stage_idx').on(t.companyId, t.stage, t.updatedAt.desc()),
  ],
);

/** Every step of a recovery (stage moves and comments), append-only; mirrored in the folder's history. */
export const recoveryEvents = pgTable(
  'recovery_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    recoveryId: integer('recovery_id')
      .notNull()
      .references(() => recoveries.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    content: text('content'),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recovery_events_kind_check', sql`${t.kind} in ('stage', 'comment')`),
    index('recovery_events_recovery_idx').on(t.recoveryId, t.createdAt.desc()),
  ],
);

/**
 * A reminder e-mailed to an insurer about one of its invoices past due (« Créances assureurs »): the outbox row that
 * carries it (with the invoice's original attached) and the Paris day it was written. Once a day per invoice at most
 * (the unique index: two instances reminding at once write one); the automatic pass waits
 * `INSURER_REMINDER_INTERVAL_DAYS` between two.
 */
export const insurerReminders = pgTable(
  'insurer_reminders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'restrict' }),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Null for the automatic pass. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insurer_reminders_invoice_day_idx').on(t.invoiceId, t.day)],
);
