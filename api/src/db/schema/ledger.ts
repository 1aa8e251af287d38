import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * The inalterable record of a garage's sales and receipts (issue 20; CGI art. 286 I 3° bis, BOI-TVA-DECLA-30-10-30):
 * every issued invoice and credit note, every payment and cancellation is a link of its company's chain,
 * `hash = SHA-256(previous hash ‖ canonical JSON of the link)`, written in the record's own transaction. A trigger
 * (migration 0034) refuses any UPDATE or DELETE of a link.
 */

/** Receipts per payment method, cumulative, cents. */
export type ReceiptTotals = Record<string, number>;

export const ledgerLinks = pgTable(
  'ledger_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The garage whose chain it is (no foreign key: a chain outlives nothing, and nothing deletes a company that has one). */
    companyId: integer('company_id').notNull(),
    /** 1, 2, 3… per company, without gap. */
    seq: integer('seq').notNull(),
    /** 'invoice', 'credit-note', 'payment'. */
    kind: text('kind').notNull(),
    /** The record's id in its own table (billing_documents, payments). */
    recordId: integer('record_id').notNull(),
    /** What a person reads: the document's number, the payment's invoice number. */
    reference: text('reference').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** Perpetual grand totals after this link: sales TTC (credit notes negative) and receipts per method. */
    salesTotal: bigint('sales_total', { mode: 'number' }).notNull(),
    receipts: jsonb('receipts').$type<ReceiptTotals>().notNull(),
    /** The canonical JSON the hash covers: the link's own fields and the record as it was written. */
    canonical: text('canonical').notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_links_company_seq_unique').on(t.companyId, t.seq),
    uniqueIndex('ledger_links_record_unique').on(t.kind, t.recordId),
    index('ledger_links_company_recorded_idx').on(t.companyId, t.recordedAt),
    check('ledger_links_kind_check', sql`${t.kind} in ('invoice', 'credit-note', 'payment')`),
  ],
);

/**
 * The head of each company's chain: the row every append locks (`for update`), so concurrent issues and payments of
 * one garage queue and take consecutive sequence numbers, on both drivers.
 */
export const ledgerHeads = pgTable('ledger_heads', {
  companyId: integer('company_id').primaryKey(),
  seq: integer('seq').notNull().default(0),
  hash: text('hash').notNull().default(sql`repeat('0', 64)`),
  salesTotal: bigint('sales_total', { mode: 'number' }).notNull().default(0),
  receipts: jsonb('receipts').$type<ReceiptTotals>().notNull().default({}),
  /** The head of the company's event log (company 0: the instance's own events, start-ups). */
  eventSeq: integer('event_seq').notNull().default(0),
  eventHash: text('event_hash').notNull().default(sql`repeat('0', 64)`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The technical event log (journal des événements techniques, issue 20): what happened around the records —
 * reprints of an original, exports, changes of the legal identity, failed integrity checks, start-ups — chained per
 * company like the records (`hash = SHA-256(previous hash ‖ canonical JSON)`), append-only (trigger, migration 0034).
 */
export const ledgerEvents = pgTable(
  'ledger_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 0: the instance itself (start-ups and migrations). */
    companyId: integer('company_id').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    canonical: text('canonical').notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('ledger_events_company_seq_unique').on(t.companyId, t.seq)],
);
