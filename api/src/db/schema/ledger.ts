import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns';

/*
 * The inalterable record of a garage's sales and receipts (CGI art. 286 I 3° bis, BOI-TVA-DECLA-30-10-30):
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
    check('ledger_links_kind_check', sql`${t.kind} in ('invoice', 'credit-note', 'payment', 'closing', 'archive')`),
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
  /**
   * The last Paris day closed (daily closing or later): a record dated on or before it is refused (409). Read under
   * the head's lock, so a closing and a late payment cannot cross.
   */
  closedThrough: date('closed_through', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The technical event log (journal des événements techniques): what happened around the records —
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

/** Totals of a closed period (cents): what it adds, per VAT rate and per payment method, and the grand totals after it. */
export interface ClosingTotals {
  records: number;
  invoices: { count: number; total: number };
  creditNotes: { count: number; total: number };
  /** Per VAT rate ("20", "5.5"…): pre-tax base and tax of invoices minus credit notes. */
  vat: Record<string, { base: number; tax: number }>;
  /** Money received per method in the period (cancellations negative). */
  receipts: Record<string, number>;
  /** The perpetual grand totals at the period's end. */
  grand: { salesTotal: number; receipts: ReceiptTotals };
}

/**
 * Closings: each Paris day with records, each month and each fiscal year, once ended. A closing is a link
 * of the chain (kind 'closing') holding its totals; it moves the head's `closedThrough`. Append-only (trigger).
 */
export const ledgerClosings = pgTable(
  'ledger_closings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    /** 'day', 'month', 'year'. */
    kind: text('kind').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    totals: jsonb('totals').$type<ClosingTotals>().notNull(),
    /** The link of the chain it was written as, and the chain's head then. */
    seq: integer('seq').notNull(),
    hash: text('hash').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_closings_period_unique').on(t.companyId, t.kind, t.periodStart),
    index('ledger_closings_company_idx').on(t.companyId, t.periodEnd.desc(), t.id),
    check('ledger_closings_kind_check', sql`${t.kind} in ('day', 'month', 'year')`),
  ],
);

/**
 * Signed archives: one zip per garage and period (a fiscal year, or a period asked for) with the frozen
 * PDFs, canonical records, closings, event log and chain, and a manifest of SHA-256 digests signed with the
 * instance's Ed25519 key. Kept 10 years at least: nothing in the product deletes them (trigger).
 */
export const ledgerArchives = pgTable(
  'ledger_archives',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull(),
    /** 'year' (the fiscal year's, made after its closing) or 'period' (asked for). */
    kind: text('kind').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    /** SHA-256 of the whole file, and of its manifest (the signed part). */
    sha256: text('sha256').notNull(),
    manifestSha256: text('manifest_sha256').notNull(),
    /** The chain's sequence number the archive stops at (its own link follows). */
    throughSeq: integer('through_seq').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_archives_company_idx').on(t.companyId, t.createdAt.desc()),
    check('ledger_archives_kind_check', sql`${t.kind} in ('year', 'period')`),
  ],
);

/**
 * The instance's public keys, PEM (the archive-signing Ed25519 key's, shown on « Intégrité »). The private half lives
 * outside the database it protects (`ARCHIVE_KEY_FILE` or `ARCHIVE_SIGNING_KEY`); `private_key` is only
 * read once, at the start that moves an older instance's key out to the file, and then set to null.
 */
export const instanceKeys = pgTable('instance_keys', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A garage's chart of accounts for its accountant's exports: only the accounts it changed; the French
 * defaults (706, 707, 44571…, 411, 512, 530…) live in code. `key` names the role ('sales-labour', 'vat-20'…).
 */
export const accountMappings = pgTable(
  'account_mappings',
  {
    companyId: integer('company_id').notNull(),
    key: text('key').notNull(),
    account: text('account').notNull(),
    label: text('label').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);
