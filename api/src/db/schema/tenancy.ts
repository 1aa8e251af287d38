import type { UnitPack } from 'contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

export const franchises = pgTable('franchises', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  /** The packs of units the franchisor publishes to its centres; null: the default packs (UNIT_PACKS). */
  unitPacks: jsonb('unit_packs').$type<UnitPack[]>(),
});

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    tradeName: text('trade_name'),
    siret: text('siret'),
    tvaNumber: text('tva_number'),
    phone: text('phone'),
    garageType: text('garage_type', { enum: ['Fixe', 'Mobile', 'Fixe et Mobile'] }),
    emailApi: text('email_api'),
    franchiseId: integer('franchise_id').references(() => franchises.id),
    /**
     * The franchisor's own company (head office): its documents do not carry the franchisee's « entreprise
     * indépendante, membre du réseau … » line that every other garage of the network prints.
     */
    networkHeadOffice: boolean('network_head_office').notNull().default(false),
    /** Balance of prepaid units. */
    jeton: integer('jeton').notNull().default(0),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
    /** VAT rate (%) new document lines and products start with; one of contracts' TAX_RATES. */
    defaultTaxRate: numeric('default_tax_rate', { precision: 4, scale: 2, mode: 'number' }).notNull().default(20),
    /** Where the garage's logo is read (`/api/company/{id}/logo?v=...` once uploaded); null: none. */
    logoUrl: text('logo_url'),
    // What a French invoice prints about its seller: address, legal form, capital, RCS, bank.
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    email: text('email'),
    legalForm: text('legal_form'),
    /** Share capital, cents. */
    shareCapital: integer('share_capital'),
    /**
     * The register the garage is entered in, printed before its place: 'RCS' (trade, C. com. R123-237: the city of
     * the registry) or 'RM' (crafts: the département). Null until the garage says which.
     */
    registryKind: text('registry_kind'),
    /** City of the RCS registry or département of the RM ("Lyon", "Rhône"). */
    registryPlace: text('registry_place'),
    /** Printed instead of a VAT number when the garage charges none, e.g. "TVA non applicable, art. 293 B du CGI". */
    vatExemption: text('vat_exemption'),
    iban: text('iban'),
    /** VAT on debits option (a reform mention); services are otherwise taxed on receipts. */
    vatOnDebits: boolean('vat_on_debits').notNull().default(false),
    /** How the garage files its VAT (contracts' VAT_FILINGS): how often its e-reporting leaves. */
    vatFiling: text('vat_filing').notNull().default('normal-monthly'),
    /** Where the garage receives e-invoices (BT-34); empty: « 0225: » and its SIREN, the directory's default. */
    einvoicingAddress: text('einvoicing_address').notNull().default(''),
    /** Late-payment penalty rate in % per year; null prints the legal minimum (three times the legal rate). */
    /** The month (1–12) the garage's fiscal year starts: its yearly closing, archive and FEC follow it. */
    fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
    latePenaltyRate: numeric('late_penalty_rate', { precision: 5, scale: 2, mode: 'number' }),
    /**
     * Planted by the demo seed (`DEMO_SEED=1`): the seed tops these up at each start, and refuses to run at all on a
     * database holding a company without it (a real garage's data never meets the demo accounts).
     */
    demo: boolean('demo').notNull().default(false),
    /**
     * The roles whose members must sign in with a second factor (TOTP) in this garage; set by its admin or the
     * network's head. New garages start with the roles that reach a whole garage's money (MFA_DEFAULT_ROLES).
     */
    mfaRequiredRoles: text('mfa_required_roles')
      .array()
      .notNull()
      .default(sql`'{ROLE_SUPER_ADMIN,ROLE_FRANCHISEUR,ROLE_POSEUR_ADMIN,ROLE_COMPTABLE}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_garage_type_check', sql`${t.garageType} in ('Fixe', 'Mobile', 'Fixe et Mobile')`),
    check('companies_jeton_check', sql`${t.jeton} >= 0`),
    check('companies_registry_kind_check', sql`${t.registryKind} in ('RCS', 'RM')`),
    check(
      'companies_vat_filing_check',
      sql`${t.vatFiling} in ('normal-monthly', 'normal-quarterly', 'simplified', 'franchise')`,
    ),
    check('companies_fiscal_year_start_month_check', sql`${t.fiscalYearStartMonth} between 1 and 12`),
  ],
);

/** The garage's uploaded logo (PNG, JPEG or WebP, checked by content): drawn in the account drawer and on invoices. */
export const companyLogos = pgTable('company_logos', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  content: bytea('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
