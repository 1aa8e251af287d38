import type { ClosingValues } from 'contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea } from './columns';
import { insurers } from './insurers';
import { companies } from './tenancy';

/** Folder statuses of a company: the four of every company (code) and its own ones (code null). */
export const folderStatuses = pgTable(
  'folder_statuses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code'),
    label: text('label').notNull(),
    color: text('color').notNull().default('default'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('folder_statuses_company_code_unique').on(t.companyId, t.code),
    index('folder_statuses_company_idx').on(t.companyId),
  ],
);

/** How customers heard of the company ("connu par"), a list per company. */
export const knownBy = pgTable(
  'known_by',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
  },
  (t) => [index('known_by_company_idx').on(t.companyId)],
);

/** Fitters (poseurs) and technicians of a company; a fitter may be a user with ROLE_POSEUR. */
export const technicians = pgTable(
  'technicians',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    mobile: boolean('mobile').notNull().default(false),
    color: text('color').notNull().default('#1e7b34'),
    /** What the fitter does: windscreen, side and rear glass, ADAS calibration, repair of impacts... */
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('technicians_company_idx').on(t.companyId)],
);

export const folders = pgTable(
  'folders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** D-<year>-<sequence per company>, given at creation. */
    number: text('number').notNull(),
    /** "interne" or a product slug. */
    type: text('type').notNull().default('interne'),
    civility: text('civility'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    // Contact details: they leave the server only through the logged access call.
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    /** Letters and digits only (AB123CD): what search compares. Shown as AB-123-CD. */
    plate: text('plate').notNull(),
    brand: text('brand'),
    model: text('model'),
    vin: text('vin'),
    /** Odometer reading when the vehicle came in (km), printed on the repair's documents. */
    mileage: integer('mileage'),
    /** The insurer's name as shown (kept from its directory entry, also when the entry goes). */
    insurer: text('insurer'),
    /** Its entry in the garage's or the network's insurer directory: the buyer of the folder's insurer invoices. */
    insurerId: integer('insurer_id').references(() => insurers.id, { onDelete: 'set null' }),
    policyNumber: text('policy_number'),
    claimNumber: text('claim_number'),
    /** The insured's deductible under the policy: a fixed TTC amount (cents), or a percentage with its minimum. */
    deductibleAmount: integer('deductible_amount'),
    /** Hundredths of a percent of the work (1000 = 10 %). */
    deductiblePercent: integer('deductible_percent'),
    deductibleMinimum: integer('deductible_minimum'),
    glass: text('glass'),
    repairKind: text('repair_kind'),
    knownById: integer('known_by_id').references(() => knownBy.id, { onDelete: 'set null' }),
    statusId: integer('status_id')
      .notNull()
      .references(() => folderStatuses.id),
    technicianId: integer('technician_id').references(() => technicians.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    appointmentAt: timestamp('appointment_at', { withTimezone: true }),
    /** How long the appointment holds its technician (the calendar's block and its clash check). */
    appointmentMinutes: integer('appointment_minutes').notNull().default(60),
    appointmentComment: text('appointment_comment'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The last answers of the closing form (docs/decisions.md "Closing form"). */
    closing: jsonb('closing').$type<ClosingValues>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the folder search compares, folded (lower case, no accents: `search_fold`, migration 0036): plate (letters
     * and digits), names, claim and policy numbers, folder number (also without dashes), phone digits. Kept by
     * PostgreSQL itself; a trigram index serves `like '%word%'`.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold(plate || ' ' || last_name || ' ' || first_name || ' ' || number || ' ' || regexp_replace(number, '[^A-Za-z0-9]', '', 'g') || ' ' || coalesce(claim_number, '') || ' ' || coalesce(policy_number, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))`,
    ),
  },
  (t) => [
    index('folders_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    unique('folders_company_number_unique').on(t.companyId, t.number),
    check('folders_glass_check', sql`${t.glass} in ('windscreen', 'side', 'rear')`),
    check('folders_repair_kind_check', sql`${t.repairKind} in ('repair', 'replacement')`),
    // Lists (measured by `pnpm bench:folders`): one company's folders of one type, newest first (the page's
    // ids, however deep), by status tab; the counts per status read this index alone; the customer sort.
    index('folders_company_type_created_idx').on(t.companyId, t.type, t.createdAt.desc(), t.id.desc()),
    index('folders_company_status_created_idx').on(t.companyId, t.statusId, t.createdAt.desc(), t.id.desc()),
    index('folders_company_type_status_idx').on(t.companyId, t.type, t.statusId, t.technicianId),
    index('folders_company_type_customer_idx').on(t.companyId, t.type, t.lastName, t.firstName, t.id),
    index('folders_owner_idx').on(t.ownerId),
    // The calendar: a company's appointments of a week, per technician.
    index('folders_company_appointment_idx')
      .on(t.companyId, t.appointmentAt)
      .where(sql`${t.appointmentAt} is not null`),
    check('folders_mileage_check', sql`${t.mileage} between 0 and 9999999`),
    check(
      'folders_deductible_check',
      sql`${t.deductibleAmount} >= 0 and (${t.deductiblePercent} is null or ${t.deductibleAmount} is null) and ${t.deductiblePercent} between 1 and 10000 and ${t.deductibleMinimum} >= 0`,
    ),
    check('folders_appointment_minutes_check', sql`${t.appointmentMinutes} between 15 and 720`),
    // Also folders_dashboard_idx (company_id, created_at) INCLUDE (...) and folders_company_closed_idx: written by
    // hand in migration 0020 (Drizzle's builder has no INCLUDE), measured by pnpm bench:folders.
  ],
);

/**
 * How many folders each garage opened per day and per month, counted by status, insurer, origin and technician (and how
 * many of them are closed), and how many it closed per day and per month: the home page's widgets read these few rows
 * instead of every folder of the period (a network's year is 200,000 folders: `pnpm bench:folders`).
 * PostgreSQL keeps them itself: a trigger on `folders` adds what each statement inserts, updates or deletes (migration
 * 0067), so no write path can forget them; tests check them equal to the folders' own counts.
 */
export const folderCounts = pgTable(
  'folder_counts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** `day` or `month`: the month rows hold the sum of their days. */
    grain: text('grain').notNull(),
    /** The French day (or first day of the month) the folders were opened, or closed for the `closed` dimension. */
    periodStart: date('period_start').notNull(),
    /** `status`, `insurer`, `known_by`, `technician` (folders opened), or `closed` (folders closed). */
    dimension: text('dimension').notNull(),
    /** The status, origin or technician id as text, or the insurer's name; null: none (no insurer, no technician). */
    key: text('key'),
    folders: integer('folders').notNull(),
    /** Of these folders, how many are closed (the rankings' figure). */
    closed: integer('closed').notNull(),
  },
  (t) => [
    unique('folder_counts_key_unique').on(t.companyId, t.dimension, t.grain, t.periodStart, t.key).nullsNotDistinct(),
    check('folder_counts_grain_check', sql`${t.grain} in ('day', 'month')`),
    check(
      'folder_counts_dimension_check',
      sql`${t.dimension} in ('status', 'insurer', 'known_by', 'technician', 'closed')`,
    ),
  ],
);

/**
 * Everything that happened to a folder, append-only: a trigger (migration 0002) refuses UPDATE and DELETE,
 * so nobody, not even a bug, rewrites it.
 */
export const folderHistory = pgTable(
  'folder_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    content: text('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('folder_history_folder_idx').on(t.folderId, t.createdAt.desc(), t.id.desc())],
);

/** Files attached to a folder: what the list shows. The bytes live in `folder_document_contents`. */
export const folderDocuments = pgTable(
  'folder_documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id),
    companyId: integer('company_id').notNull(),
    name: text('name').notNull(),
    typeFile: text('type_file').notNull(),
    fileName: text('file_name').notNull(),
    /** Recognised from the content at upload, never taken from the browser. */
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    numberInvoice: text('number_invoice'),
    /** Integer cents. */
    priceInvoice: integer('price_invoice'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    /** A cession signed on screen: who signed and when (what an insurer invoice cites). */
    signedBy: text('signed_by'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** A photo of a fitter's step (several per step): the step it was sent with. */
    fitterStepId: integer('fitter_step_id').references((): AnyPgColumn => folderTaskSteps.id, {
      onDelete: 'set null',
    }),
    /**
     * Made by the phone for a paper signed offline (the delivery report on the fitter's phone): sent again after a
     * lost answer, it is recognised instead of added twice.
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('folder_documents_folder_idx').on(t.folderId, t.createdAt.desc()),
    index('folder_documents_step_idx').on(t.fitterStepId).where(sql`${t.fitterStepId} is not null`),
    uniqueIndex('folder_documents_key_idx')
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * The bytes of a document, in the database rather than on a disk: API instances stay stateless, a backup holds
 * everything, and nothing is ever under the web root.
 */
export const folderDocumentContents = pgTable('folder_document_contents', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => folderDocuments.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

/**
 * The fitter's steps on a folder (docs/product.md: 1 go toward the customer ... 7 comment), each once, in order,
 * stamped with when the fitter did it (`doneAt`, possibly offline) and when the server got it. A photo step's
 * photos are folder documents naming the step (`fitter_step_id`). `idempotencyKey` (made by the phone) lets a resent step or photo be
 * recognised instead of recorded twice.
 */
export const folderTaskSteps = pgTable(
  'folder_task_steps',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id),
    companyId: integer('company_id').notNull(),
    step: integer('step').notNull(),
    userId: integer('user_id').references(() => users.id),
    comment: text('comment'),
    idempotencyKey: text('idempotency_key').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('folder_task_steps_step_check', sql`${t.step} between 1 and 7`),
    unique('folder_task_steps_folder_step_unique').on(t.folderId, t.step),
    unique('folder_task_steps_key_unique').on(t.companyId, t.idempotencyKey),
  ],
);
