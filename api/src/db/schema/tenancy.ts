import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const franchises = pgTable('franchises', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
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
    /** Balance of prepaid units. */
    jeton: integer('jeton').notNull().default(0),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
    logoUrl: text('logo_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_garage_type_check', sql`${t.garageType} in ('Fixe', 'Mobile', 'Fixe et Mobile')`),
    check('companies_jeton_check', sql`${t.jeton} >= 0`),
  ],
);
