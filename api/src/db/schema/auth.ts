import { sql } from 'drizzle-orm';
import {
  bigint,
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
    /** Base32 TOTP secret (RFC 6238), kept from enrolment; sign-in asks a code only once `totpEnabledAt` is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted 30 s step: a code is never accepted twice, nor an older one. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
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
  /** The account has no password yet (the first administrator): the activation page asks for one. */
  setsPassword: boolean('sets_password').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** « Mot de passe oublié ? » links: only the hash is stored; a link works once, for 30 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Ten single-use recovery codes per account with a second factor, shown once; only their hash is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in half done: the password was right, the second factor is still to come (`kind` 'verify'), or the account
 * must first enrol one because its garage requires it ('enrol'). Only the hash of the browser's token is stored; it
 * lives 5 minutes and allows a few wrong codes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'enrol'] }).notNull(),
    /** The secret drawn for an enrolment at sign-in, until its first code confirms it. */
    pendingSecret: text('pending_secret'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('login_challenges_kind_check', sql`${t.kind} in ('verify', 'enrol')`),
    index('login_challenges_user_idx').on(t.userId),
  ],
);

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
