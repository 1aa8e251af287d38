import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { billingDocuments, expenses } from './billing';
import { bytea } from './columns';
import { outbox } from './notifications';
import { companies } from './tenancy';

/*
 * The garage's side of the approved e-invoicing platform (plateforme agréée): every flow it received or sent, kept
 * as it came before anything reads it; the supplier invoices booked from them; the webhook each garage subscribed.
 */

/** A received invoice's status as the garage sets it, sent back to the supplier through the platform. */
export const RECEIVED_INVOICE_STATUSES = ['received', 'taken', 'approved', 'disputed', 'refused'] as const;

export const platformFlows = pgTable(
  'platform_flows',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    /** From the platform (webhook or search), or a file the garage imported by hand. */
    source: text('source', { enum: ['platform', 'manual'] }).notNull(),
    /** The platform's id of the flow: a flow announced twice (webhook and search) is stored once. */
    flowId: text('flow_id'),
    flowType: text('flow_type').notNull(),
    syntax: text('syntax'),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    /** booked (an expense), to-treat (unreadable: `reason`), duplicate (refused once: `reason`). */
    state: text('state', { enum: ['booked', 'to-treat', 'duplicate'] }).notNull(),
    reason: text('reason'),
    expenseId: integer('expense_id').references(() => expenses.id, { onDelete: 'set null' }),
    /** The platform's `updatedAt`: the next periodic search starts after the newest one stored. */
    platformUpdatedAt: timestamp('platform_updated_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('platform_flows_flow_idx').on(t.companyId, t.flowId).where(sql`${t.flowId} is not null`),
    index('platform_flows_company_idx').on(t.companyId, t.receivedAt.desc()),
  ],
);

/** A supplier invoice booked as an expense from a received e-invoice: what it said, and the garage's status. */
export const receivedInvoices = pgTable(
  'received_invoices',
  {
    expenseId: integer('expense_id')
      .primaryKey()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    flowRowId: integer('flow_row_id')
      .notNull()
      .references(() => platformFlows.id, { onDelete: 'restrict' }),
    syntax: text('syntax').notNull(),
    typeCode: text('type_code').notNull(),
    supplierSiren: text('supplier_siren').notNull(),
    number: text('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    lines: jsonb('lines').notNull(),
    taxes: jsonb('taxes').notNull(),
    totalAmount: integer('total_amount').notNull(),
    dueAmount: integer('due_amount').notNull(),
    status: text('status', { enum: RECEIVED_INVOICE_STATUSES }).notNull().default('received'),
    statusReasonCode: text('status_reason_code'),
    statusReasonText: text('status_reason_text'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    statusBy: integer('status_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One supplier's invoice number once per garage: the duplicate is refused (and reported) whatever its route.
    uniqueIndex('received_invoices_number_idx').on(t.companyId, t.supplierSiren, t.number),
    check(
      'received_invoices_status_check',
      sql`${t.status} in ('received', 'taken', 'approved', 'disputed', 'refused')`,
    ),
  ],
);

/** The webhook a garage subscribed on its platform: its id, and the key that signs each call (sealed). */
export const platformWebhooks = pgTable('platform_webhooks', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  webhookId: text('webhook_id').notNull(),
  signingKey: text('signing_key').notNull(),
  callbackUrl: text('callback_url').notNull(),
  platformUrl: text('platform_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each lifecycle status that came back for an invoice or credit note the garage sent through its platform. */
export const documentLifecycle = pgTable(
  'document_lifecycle',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'restrict' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    /** When the sender set it (the CDAR's date). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The received CDAR it was read from; one status per message. */
    flowRowId: integer('flow_row_id').references(() => platformFlows.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_lifecycle_document_idx').on(t.documentId, t.at),
    uniqueIndex('document_lifecycle_flow_idx').on(t.flowRowId),
  ],
);

/** The directory's answer for a SIREN, kept a day per garage's platform (the hint under a buyer's or insurer's SIREN). */
export const directoryCache = pgTable(
  'directory_cache',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siren: text('siren').notNull(),
    state: text('state').notNull(),
    businessName: text('business_name').notNull().default(''),
    address: text('address').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('directory_cache_idx').on(t.companyId, t.siren)],
);

/**
 * One e-reporting transmission (Flux 10) of a garage: its sales to private customers, or the payments for its
 * services, over one period. Its file is kept (what was sent, byte for byte); `outboxId` is the deposit in the
 * outbox. A rejected one is replaced by a correction (`correctsId`) for the same period: one live transmission per
 * garage, report and period, the replaced ones kept as its history.
 */
export const ereportTransmissions = pgTable(
  'ereport_transmissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    correctsId: integer('corrects_id').references((): AnyPgColumn => ereportTransmissions.id, {
      onDelete: 'restrict',
    }),
    /** Cents: pre-tax sales (transactions) or received tax included (payments). */
    amount: integer('amount').notNull(),
    tax: integer('tax').notNull(),
    /** Documents or payments it totals. */
    count: integer('count').notNull(),
    /** Its lines as shown: day, category, rate, amount, tax. */
    lines: jsonb('lines')
      .$type<{ day: string; category: string; rate: number; amount: number; tax: number }[]>()
      .notNull(),
    file: bytea('file'),
    sha256: text('sha256'),
    outboxId: integer('outbox_id').references(() => outbox.id, { onDelete: 'restrict' }),
    flowId: text('flow_id'),
    depositedAt: timestamp('deposited_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ereport_transmissions_kind_check', sql`${t.kind} in ('transactions', 'payments')`),
    check(
      'ereport_transmissions_status_check',
      sql`${t.status} in ('queued', 'deposited', 'accepted', 'rejected', 'blocked', 'replaced')`,
    ),
    // One live transmission per garage, report and period: two passes at once cannot both build it.
    uniqueIndex('ereport_transmissions_live_idx')
      .on(t.companyId, t.kind, t.periodStart)
      .where(sql`${t.status} <> 'replaced'`),
    index('ereport_transmissions_company_idx').on(t.companyId, t.periodStart),
  ],
);
