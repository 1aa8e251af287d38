import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { billingDocuments } from './billing';
import { bytea } from './columns';
import { folders } from './folders';
import { companies, franchises } from './tenancy';

const RECIPIENTS = ['admin', 'owner', 'adminOwner', 'ownerCom', 'adminOwnerCom'] as const;
const MESSAGE_TYPES = ['assurance', 'mail', 'mercure', 'sms', 'whatsapp'] as const;
// contracts' TEMPLATE_SMS_PURPOSES and SMS_PURPOSES (written out: drizzle-kit reads this file on its own).
const TEMPLATE_SMS_PURPOSES = ['appointment_confirmation', 'appointment_reminder', 'vehicle_ready'] as const;
const SMS_PURPOSES = [...TEMPLATE_SMS_PURPOSES, 'manual', 'notification'] as const;
// contracts' TEMPLATE_PURPOSES.
const TEMPLATE_PURPOSES = [...TEMPLATE_SMS_PURPOSES, 'insurer_reminder'] as const;

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** No folders table yet: the notification keeps the folder's id and title as they were when it was sent. */
    folderId: integer('folder_id'),
    folderTitle: text('folder_title'),
    /** Sanitized HTML: title, subtitle and body separated by line breaks. */
    content: text('content').notNull(),
    /** verif, envoi, relance, comment, recovery, or any other text. */
    typeFolder: text('type_folder').notNull(),
    avatarUrl: text('avatar_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    // The drawer and the badge: one user's live (not archived) notifications, unread first, newest first.
    index('notifications_user_live_idx').on(
      t.userId,
      sql`(${t.archivedAt} is null)`,
      sql`(${t.readAt} is null)`,
      t.createdAt.desc(),
    ),
    // Last-Event-ID replay and "latest notification of a folder".
    index('notifications_user_id_idx').on(t.userId, t.id),
    index('notifications_folder_idx').on(t.folderId, t.id),
  ],
);

export const notificationConfigs = pgTable(
  'notification_configs',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    defaultRecipients: text('default_recipients', { enum: RECIPIENTS }).notNull().default('admin'),
    usersRecipients: integer('users_recipients').array().notNull().default(sql`'{}'::int[]`),
    mailDefaultRecipients: text('mail_default_recipients', { enum: RECIPIENTS }).notNull().default('admin'),
    mailUsersRecipients: integer('mail_users_recipients').array().notNull().default(sql`'{}'::int[]`),
    /** Sanitized HTML; #FOLDER# is replaced by the folder name when an SMS is written. */
    smsTemplate: text('sms_template').notNull().default(''),
    phones: text('phones').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_configs_default_recipients_check',
      sql`${t.defaultRecipients} in ('admin', 'owner', 'adminOwner', 'ownerCom', 'adminOwnerCom')`,
    ),
    check(
      'notification_configs_mail_default_recipients_check',
      sql`${t.mailDefaultRecipients} in ('admin', 'owner', 'adminOwner', 'ownerCom', 'adminOwnerCom')`,
    ),
  ],
);

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    subject: text('subject').notNull(),
    /** Sanitized HTML. */
    content: text('content').notNull(),
    /** A franchisor's template published to every centre of its franchise (read and used there, not edited). */
    shared: boolean('shared').notNull().default(false),
    /**
     * A template's automatic use: a garage's SMS template of purpose `appointment_reminder` makes the
     * reminders leave, its « Assurance » template of purpose `insurer_reminder` the reminders of insurers whose
     * invoices are past due; without one, none does. One per garage and purpose.
     */
    purpose: text('purpose', { enum: TEMPLATE_PURPOSES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('message_templates_type_check', sql`${t.type} in ('assurance', 'mail', 'mercure', 'sms', 'whatsapp')`),
    index('message_templates_company_type_idx').on(t.companyId, t.type, t.updatedAt.desc()),
    check(
      'message_templates_purpose_check',
      sql`${t.purpose} is null or (${t.type} = 'sms' and ${t.purpose} in ('appointment_confirmation', 'appointment_reminder', 'vehicle_ready')) or (${t.type} = 'assurance' and ${t.purpose} = 'insurer_reminder')`,
    ),
    uniqueIndex('message_templates_company_purpose_idx')
      .on(t.companyId, t.purpose)
      .where(sql`${t.purpose} is not null`),
  ],
);

/**
 * Outgoing mail and SMS. With `SMTP_URL` set, the mail dispatcher
 * (`modules/mail`) sends the mail rows and sets `sent_at`; SMS rows have no
 * provider and stay here, as do mails when no SMTP server is configured.
 * A document e-mailed names its document and carries its PDF, the
 * bytes as they were sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** platform: a flow for the approved e-invoicing platform (`to` its flow type, `body` its flowInfo JSON). */
    channel: text('channel', { enum: ['mail', 'sms', 'platform'] }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery attempts started (a claim counts, so a crash mid-send is not retried forever). */
    attempts: integer('attempts').notNull().default(0),
    /** The last SMTP failure, kept when the dispatcher gives up so an operator can see why. */
    lastError: text('last_error'),
    /** Not claimed before this time: retry back-off, or the lease of a send in progress. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The quote, invoice or credit note this mail sends (restrict: a document keeps the record of its sendings). */
    documentId: integer('document_id').references(() => billingDocuments.id, { onDelete: 'restrict' }),
    /** A copy (the garage's own address). */
    cc: text('cc'),
    /** The attached file's name (`F-2026-00012.pdf`). */
    attachmentName: text('attachment_name'),
    /**
     * The attached PDF until it leaves (an issued document's original, byte for byte); cleared once the mail is sent
     * or cancelled, its name and digest staying. A mail given up keeps it for an operator to send again.
     */
    attachment: bytea('attachment'),
    attachmentSha256: text('attachment_sha256'),
    /** An SMS about a folder: its history lists it with its status. */
    folderId: integer('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    /** Why an SMS was written (`SMS_PURPOSES`): a rescheduled appointment cancels its confirmation and reminder. */
    purpose: text('purpose', { enum: SMS_PURPOSES }),
    /** Parts the SMS costs (GSM-7 or UCS-2), counted when written. */
    segments: integer('segments'),
    /** The provider's id of the message sent. */
    providerMessageId: text('provider_message_id'),
    /** Never to be sent: the number replied STOP, is not a French mobile, or the appointment it was about changed. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: ['opt_out', 'appointment_changed', 'invalid_number'] }),
    /**
     * Rows sharing a key leave one at a time, in order (the statuses of one invoice, a document and its resend):
     * a row waits while an older one of its key is unsent (outbox/dispatch.ts).
     */
    sequenceKey: text('sequence_key'),
  },
  (t) => [
    check('outbox_channel_check', sql`${t.channel} in ('mail', 'sms', 'platform')`),
    // The platform flows' claim, like the mails'.
    index('outbox_platform_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.channel} = 'platform' and ${t.sentAt} is null and ${t.cancelledAt} is null`),
    // The dispatcher's claim: pending mails, oldest first. SMS rows (never sent) stay out of it.
    index('outbox_mail_pending_idx').on(t.createdAt, t.id).where(sql`${t.channel} = 'mail' and ${t.sentAt} is null`),
    // The SMS dispatcher's claim, like the mails'.
    index('outbox_sms_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.channel} = 'sms' and ${t.sentAt} is null and ${t.cancelledAt} is null`),
    // A folder's SMS, newest first.
    index('outbox_folder_idx').on(t.folderId, t.createdAt).where(sql`${t.folderId} is not null`),
    check(
      'outbox_cancel_reason_check',
      sql`${t.cancelReason} is null or ${t.cancelReason} in ('opt_out', 'appointment_changed', 'invalid_number')`,
    ),
    // A document's sendings, newest first.
    index('outbox_document_idx').on(t.documentId, t.createdAt).where(sql`${t.documentId} is not null`),
  ],
);

/**
 * Numbers that replied STOP to an SMS (relayed by the provider, `POST /api/sms/inbound`): nothing more is sent to
 * them, from any garage (the SMS all leave under the product's sender name).
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** +33612345678 */
  phone: text('phone').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The reply as received (« STOP », « Stop merci »...). */
  reply: text('reply').notNull(),
});

/**
 * How a garage's mails and SMS leave: an SMTP server or an SMS provider, for one garage or for every garage of a
 * network that has none of its own (`company_id` or `franchise_id`, never both). `settings` holds what may be read
 * back (host, port, sender...); `secret` the password or API key, encrypted (AES-256-GCM, `lib/secret-box.ts`).
 */
export const sendingSettings = pgTable(
  'sending_settings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    franchiseId: integer('franchise_id').references(() => franchises.id, { onDelete: 'cascade' }),
    /** platform: the approved e-invoicing platform (its API addresses; `secret` the OAuth2 client secret). */
    channel: text('channel', { enum: ['mail', 'sms', 'platform'] }).notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secret: text('secret'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sending_settings_owner_check', sql`(${t.companyId} is null) <> (${t.franchiseId} is null)`),
    check('sending_settings_channel_check', sql`${t.channel} in ('mail', 'sms', 'platform')`),
    uniqueIndex('sending_settings_company_idx').on(t.companyId, t.channel).where(sql`${t.companyId} is not null`),
    uniqueIndex('sending_settings_franchise_idx').on(t.franchiseId, t.channel).where(sql`${t.franchiseId} is not null`),
  ],
);
