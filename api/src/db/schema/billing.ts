import type {
  BillingParty,
  CashUpReceipt,
  InsurerMentions,
  InsurerShare,
  PaymentMethod,
  VehicleMentions,
} from 'contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products, suppliers } from './catalog';
import { bytea } from './columns';
import { folders } from './folders';
import { companies } from './tenancy';

/*
 * Billing. Amounts are integer cents; quantities, discounts and rates are exact decimals. Totals are
 * written by the server from `documentTotals` (contracts), never taken from a client.
 */

/**
 * Commercial documents of a garage: quotes, invoices, credit notes, purchase orders. A draft has no number;
 * issuing takes the next number of `billing_sequences` in the same transaction. Issued documents are immutable:
 * the routes refuse, and database triggers (migration 0026) refuse an UPDATE of what was issued (parties, dates,
 * amounts, lines) and any DELETE; only the state that follows them moves (status, paid and credited amounts).
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Restrict: a garage that issued documents keeps them (and so cannot be deleted) for the ten years of C. com. L123-22. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('draft'),
    number: text('number'),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    billTo: text('bill_to').notNull().default('customer'),
    /** Snapshot of the buyer (or the supplier) as printed: an issued invoice must not change with the folder. */
    customer: jsonb('customer').$type<BillingParty>().notNull(),
    deliveryAddress: text('delivery_address').notNull().default(''),
    operationCategory: text('operation_category').notNull().default('mixed'),
    tax: numeric('tax', { precision: 4, scale: 2, mode: 'number' }).notNull().default(20),
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    saleDate: date('sale_date', { mode: 'string' }),
    paymentTermDays: integer('payment_term_days').notNull().default(30),
    /** The means by which it was paid in full in the transaction that issued it (the counter): a receipted invoice. */
    paidAtIssue: text('paid_at_issue').$type<PaymentMethod>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    preTaxAmount: integer('pre_tax_amount').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    /** Invoices: sum of payments, raised only by the payment statement that checks it stays within the total. */
    paidAmount: integer('paid_amount').notNull().default(0),
    /**
     * Invoices: what their issued credit notes take off (cents, by magnitude), raised only by the issue of a credit
     * note, under the invoice's row lock, never beyond the total. What is due is `total - credited - paid`.
     */
    creditedAmount: integer('credited_amount').notNull().default(0),
    /** Credit notes: why the invoice is corrected (required; printed on the credit note). */
    creditReason: text('credit_reason'),
    /** Insurer invoices: claim, insured, vehicle, deductible and cession, read from the folder at issue. */
    insurerMentions: jsonb('insurer_mentions').$type<InsurerMentions>(),
    /**
     * A deductible split's insurer invoice: the insured's invoice for the deductible (the pair is issued together,
     * each citing the other's number).
     */
    deductibleInvoiceId: integer('deductible_invoice_id').references((): AnyPgColumn => billingDocuments.id, {
      onDelete: 'set null',
    }),
    /** The insured's deductible invoice: the insurer's share of the work and the invoice that bills it, frozen at issue. */
    insurerShare: jsonb('insurer_share').$type<InsurerShare>(),
    /** A deposit invoice (facture d'acompte) on its quote (`sourceId`), deducted by the final invoice. */
    deposit: boolean('deposit').notNull().default(false),
    /**
     * Where the e-invoice stands with the approved platform: 'queued' (in the outbox), then the latest lifecycle code
     * that came back (200 Déposée, 210 Refusée…: document_lifecycle holds them all); null: not sent through it.
     */
    platformStatus: text('platform_status'),
    /** The buyer's reference (order, mission, claim number), printed (EN 16931 BT-10). */
    buyerReference: text('buyer_reference').notNull().default(''),
    /** Why the 0 % lines bear no VAT (CGI 242 nonies A I 10°). */
    exemptionReason: text('exemption_reason').notNull().default(''),
    /** Quotes: when the work will be done (« sous 48 h après accord »), printed (arrêté du 2 mars 1990). */
    executionDelay: text('execution_delay').notNull().default(''),
    /** Quotes: what the quote itself costs, cents TTC; 0 prints « Devis gratuit » (arrêté du 2 mars 1990). */
    quoteFee: integer('quote_fee').notNull().default(0),
    /** A folder's document: plate, vehicle, VIN and mileage, read from the folder at issue (arrêté du 2 mars 1990). */
    vehicleMentions: jsonb('vehicle_mentions').$type<VehicleMentions>(),
    /** The quote an invoice comes from; the invoice a credit note corrects. */
    sourceId: integer('source_id').references((): AnyPgColumn => billingDocuments.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the list search compares, folded (`search_fold`): number (also without dashes) and buyer's name. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold(coalesce(number, '') || ' ' || regexp_replace(coalesce(number, ''), '[^A-Za-z0-9]', '', 'g') || ' ' || (customer->>'name'))`,
    ),
  },
  (t) => [
    // 'opening-balance': an unpaid invoice of the former software, imported as what is still owed (import-receivables).
    check(
      'billing_documents_type_check',
      sql`${t.type} in ('quotation', 'invoice', 'credit-note', 'purchase-order', 'opening-balance')`,
    ),
    check(
      'billing_documents_status_check',
      sql`${t.status} in ('draft', 'issued', 'invoiced', 'partial', 'paid', 'received', 'credited')`,
    ),
    check(
      'billing_documents_credited_check',
      sql`${t.creditedAmount} >= 0 and ${t.creditedAmount} <= greatest(${t.totalAmount}, 0)`,
    ),
    check(
      'billing_documents_paid_check',
      // Only an insurer's invoice may hold more than its total: the rest of a transfer left on its account.
      sql`${t.paidAmount} >= 0 and (${t.paidAmount} <= greatest(${t.totalAmount}, 0) or ${t.billTo} = 'insurer')`,
    ),
    check('billing_documents_number_check', sql`(${t.status} = 'draft') = (${t.number} is null)`),
    index('billing_documents_list_idx').on(t.companyId, t.type, t.createdAt.desc(), t.id),
    index('billing_documents_folder_idx').on(t.folderId),
    // Period exports read a garage's issued documents of one type by issue date, in batches (keyset on id).
    index('billing_documents_issued_idx').on(t.companyId, t.type, t.issuedAt, t.id),
    index('billing_documents_source_idx').on(t.sourceId),
    // « Créances assureurs »: the insurer invoices still to be paid, a small part of all documents.
    index('billing_documents_insurer_unsettled_idx')
      .on(t.companyId, t.issuedAt)
      .where(
        sql`${t.type} in ('invoice', 'opening-balance') and ${t.billTo} = 'insurer' and ${t.status} in ('issued', 'partial')`,
      ),
    // Money an insurer left on account: its invoices paid beyond their total less credit notes (very few).
    index('billing_documents_insurer_on_account_idx')
      .on(t.companyId, t.issuedAt)
      .where(
        sql`${t.type} in ('invoice', 'opening-balance') and ${t.billTo} = 'insurer' and ${t.paidAmount} > ${t.totalAmount} - ${t.creditedAmount}`,
      ),
    index('billing_documents_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    unique('billing_documents_company_number_unique').on(t.companyId, t.number),
  ],
);

export const billingDocumentLines = pgTable(
  'billing_document_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    details: text('details').notNull().default(''),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Cents, as entered (tax-inclusive when the document is). */
    unitPrice: integer('unit_price').notNull(),
    remise: numeric('remise', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    taxRate: numeric('tax_rate', { precision: 4, scale: 2, mode: 'number' }).notNull().default(20),
    addToStock: boolean('add_to_stock').notNull().default(false),
    /** EN 16931 unit code: C62 (piece) or HUR (hour). */
    unit: text('unit').notNull().default('C62'),
    /** A part's origin (PART_ORIGINS), printed under its title; null for labour and other lines. */
    partOrigin: text('part_origin'),
    /** A final invoice's line taking off a deposit invoice already billed (negative, one line per VAT rate). */
    deductsDepositId: integer('deducts_deposit_id').references((): AnyPgColumn => billingDocuments.id, {
      onDelete: 'restrict',
    }),
    /** Pre-tax line total, cents (documentTotals). */
    total: integer('total').notNull(),
  },
  (t) => [
    index('billing_document_lines_document_idx').on(t.documentId, t.position),
    index('billing_document_lines_deposit_idx').on(t.deductsDepositId).where(sql`${t.deductsDepositId} is not null`),
    check('billing_document_lines_unit_check', sql`${t.unit} in ('C62', 'HUR')`),
    check(
      'billing_document_lines_part_origin_check',
      sql`${t.partOrigin} in ('oem', 'equivalent', 'reuse', 'exchange')`,
    ),
  ],
);

/**
 * One counter per company and series ("F", "AV", ...; company 0 is the platform's own, for unit purchases).
 * Issuing increments it with one upsert inside the issuing transaction: the row stays locked until commit, so
 * concurrent issues queue and a rolled-back issue gives its number back. Gapless and chronological.
 */
export const billingSequences = pgTable(
  'billing_sequences',
  {
    companyId: integer('company_id').notNull(),
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.series] })],
);

/**
 * Payments received. Append-only (a trigger refuses UPDATE and DELETE): a wrong payment is cancelled by a new,
 * negative record pointing at it (`cancels_id`, once), never edited nor deleted, so the cash book keeps both.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => billingDocuments.id, { onDelete: 'restrict' }),
    /** Cents: positive for money received, negative for the cancellation of `cancelsId` or a refund. */
    amount: integer('amount').notNull(),
    method: text('method').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    comment: text('comment').notNull().default(''),
    /** The payment this negative record cancels. */
    cancelsId: integer('cancels_id').references((): AnyPgColumn => payments.id, { onDelete: 'restrict' }),
    /** Money given back to the customer (an invoice paid beyond what is due): negative, cancelling nothing. */
    refund: boolean('refund').notNull().default(false),
    /**
     * Money already received moved between two invoices of one payer (an insurer's money left on account applied to
     * another of its invoices): a negative record on the invoice that held it, a positive one on the invoice it
     * settles, both chained; no money changes hands, so neither counts at the till nor on the bank.
     */
    moved: boolean('moved').notNull().default(false),
    /** Who recorded it; kept (an account that recorded payments is anonymised, never deleted). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'payments_amount_check',
      sql`(not ${t.moved} and ((not ${t.refund} and ${t.cancelsId} is null and ${t.amount} > 0) or (not ${t.refund} and ${t.cancelsId} is not null and ${t.amount} < 0) or (${t.refund} and ${t.cancelsId} is null and ${t.amount} < 0))) or (${t.moved} and not ${t.refund} and ${t.cancelsId} is null and ${t.amount} <> 0)`,
    ),
    check('payments_method_check', sql`${t.method} in ('card', 'cheque', 'transfer', 'cash')`),
    index('payments_company_date_idx').on(t.companyId, t.paidOn.desc(), t.id),
    index('payments_invoice_idx').on(t.invoiceId),
    uniqueIndex('payments_cancels_idx').on(t.cancelsId),
    // A day's receipts at the desk (the cash-up) are the payments recorded that day.
    index('payments_company_recorded_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * A till closed at the end of a day (« Clôture de caisse »): the day's receipts by means of payment, the float, the
 * cash expected and counted, their difference and why. Written once per garage and day, never changed.
 */
export const cashUps = pgTable(
  'cash_ups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    receipts: jsonb('receipts').$type<CashUpReceipt[]>().notNull(),
    floatAmount: integer('float_amount').notNull(),
    expectedCash: integer('expected_cash').notNull(),
    countedCash: integer('counted_cash').notNull(),
    difference: integer('difference').notNull(),
    explanation: text('explanation').notNull().default(''),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'restrict' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_ups_company_day_idx').on(t.companyId, t.day),
    check('cash_ups_difference_check', sql`${t.difference} = ${t.countedCash} - ${t.expectedCash}`),
    check('cash_ups_explained_check', sql`${t.difference} = 0 or ${t.explanation} <> ''`),
  ],
);

/** Every change of a company's unit balance (`companies.jeton`), written with it in one transaction. */
export const unitLedger = pgTable(
  'unit_ledger',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Signed: consumption < 0, purchase > 0. */
    units: integer('units').notNull(),
    kind: text('kind').notNull(),
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    balanceAfter: integer('balance_after').notNull(),
    reference: text('reference').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('unit_ledger_kind_check', sql`${t.kind} in ('gestion', 'sidexa', 'recouvrement', 'achat')`),
    index('unit_ledger_company_date_idx').on(t.companyId, t.createdAt.desc(), t.id),
  ],
);

/** Orders of unit packs (/checkout): credited once, when the provider confirms the payment. */
export const unitOrders = pgTable('unit_orders', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  packId: text('pack_id').notNull(),
  units: integer('units').notNull(),
  preTaxPrice: integer('pre_tax_price').notNull(),
  totalPrice: integer('total_price').notNull(),
  status: text('status').notNull().default('pending'),
  providerReference: text('provider_reference'),
  invoiceNumber: text('invoice_number'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The invoice's original, a Factur-X, frozen at its first download (null before), with its SHA-256 and its XML. */
  invoicePdf: bytea('invoice_pdf'),
  invoiceSha256: text('invoice_sha256'),
  einvoiceXml: text('einvoice_xml'),
});

export const expenses = pgTable(
  'expenses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    supplierName: text('supplier_name').notNull().default(''),
    label: text('label').notNull(),
    category: text('category').notNull(),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    preTaxAmount: integer('pre_tax_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    receiptName: text('receipt_name'),
    receiptMime: text('receipt_mime'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('expenses_company_date_idx').on(t.companyId, t.spentOn.desc(), t.id)],
);

export const expenseReceipts = pgTable('expense_receipts', {
  expenseId: integer('expense_id')
    .primaryKey()
    .references(() => expenses.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

/**
 * The original of every issued document, kept as it was handed over (CGI art. 289: the invoice issued is the one
 * kept): the PDF's bytes and their SHA-256, written once at issue. Downloads return these bytes; nothing redraws an
 * issued document from today's company profile. Never updated nor deleted (no cascade from the document).
 */
export const documentOriginals = pgTable('document_originals', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => billingDocuments.id, { onDelete: 'restrict' }),
  pdf: bytea('pdf').notNull(),
  sha256: text('sha256').notNull(),
  /**
   * What was issued, as canonical JSON (sorted keys): parties, lines, totals and mentions, with the seller's legal
   * identity of that moment. Null for documents frozen before it was kept (migration 0033).
   */
  canonical: text('canonical'),
  canonicalSha256: text('canonical_sha256'),
  /**
   * The structured e-invoice (CII D22B, EN 16931) the PDF carries as `factur-x.xml`, kept beside it for the
   * retention period. Null for quotes and purchase orders, and for documents frozen before Factur-X.
   */
  einvoiceXml: text('einvoice_xml'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
