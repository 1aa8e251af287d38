import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';

/**
 * The insurer directory: each garage's entries, and its network's (the franchisor's company's entries
 * marked `shared`, read by every garage of the franchise). A folder's insurer points here; its entry is the buyer
 * printed on the folder's insurer invoices (frozen on each invoice when issued).
 */
export const insurers = pgTable(
  'insurers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The name folders and lists show ("MAIF"). */
    shortName: text('short_name').notNull(),
    /** The buyer's name an invoice prints ("AXA France IARD"). */
    legalName: text('legal_name').notNull(),
    siren: text('siren').notNull().default(''),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    /** Its claims service's address for invoices, when not the head office (printed beside it). */
    billingAddress: text('billing_address').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    /** Its e-invoicing address (2026 reform: the directory of the public invoicing portal). */
    einvoicingAddress: text('einvoicing_address').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Read by every garage of the company's franchise (the network's directory). */
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insurers_company_name_unique').on(t.companyId, sql`lower(${t.shortName})`)],
);
