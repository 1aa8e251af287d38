import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './tenancy';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Always stored lower-case, so the unique index is case-insensitive. */
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** A deactivated user cannot sign in, and their sessions are refused at once. */
    active: boolean('active').notNull().default(true),
    /** Null until the account is activated through the e-mailed link (accounts created for a new centre). */
    activatedAt: timestamp('activated_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_email_lower_check', sql`${t.email} = lower(${t.email})`)],
);

/** One-time activation links: only the hash is stored; a link works once, until it expires. */
export const activationTokens = pgTable('activation_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    isReferent: boolean('is_referent').notNull().default(false),
    /**
     * Deactivation by a garage admin ("Mes utilisateurs") acts here, on this garage's membership only: the account
     * keeps working in its other garages. An account with no active membership left cannot sign in.
     */
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('memberships_company_idx').on(t.companyId)],
);

/**
 * Invitations into a garage ("Mes utilisateurs" > "Inviter"): nobody is attached to a garage until the owner of the
 * e-mail address accepts through the e-mailed link (an existing account confirms with its own password). Only the
 * sha256 of the link's token is stored. One pending invitation per garage and address (a new one replaces it).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-case, as users.email. */
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    name: text('name').notNull(),
    roles: text('roles').array().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_pending_idx')
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.cancelledAt} is null`),
    check('invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 of the opaque cookie token: a stolen database does not yield usable cookies. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 = TOUT (all of the user's companies). */
    selectedCompanyId: integer('selected_company_id').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedFrom: uuid('rotated_from'),
    /** When the password was typed: copied on every rotation, so a chain of sessions ends SESSION_ABSOLUTE_HOURS after it. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last request seen (written at most once a minute): SESSION_IDLE_MINUTES without one and the chain ends. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
