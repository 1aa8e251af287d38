import { z } from 'zod';
import { pagedResponseSchema } from './paging';

/*
 * Recoveries ("Recouvrements", /recovery/list/all): the unpaid invoices of a garage past their due date, and those
 * put under recovery with their stage. Putting an invoice under recovery costs one unit (kind "recouvrement");
 * moving a stage and commenting are free, and every step is written to the recovery's events and to the folder's
 * history; a comment notifies the garage (type "recovery", shown "RC").
 *
 * - `GET /api/recovery/list/all`: shared paging (`RECOVERY_COLUMNS`, the tab on `RECOVERY_TAB_COLUMN`),
 *   `statusCounts` per tab (`RECOVERY_TABS`) and `all`.
 * - `POST /api/recovery/open/{documentId}`: 201 `recoveryOpenedSchema`; 401 `{message, redirect: '/checkout'}`
 *   when no unit is left (nothing changed); 409 when already under recovery; 400 when not overdue or paid.
 * - `POST /api/recovery/{id}/stage` `{stage}`: 200 `recoveryEventSchema` (400 when already at that stage).
 * - `POST /api/recovery/{id}/comment` `{content}`: 201 `recoveryEventSchema`.
 * - `GET /api/recovery/{id}/events`: `{data}` newest first.
 *
 * Amounts are integer cents. Texts only the page shows (its toasts, the steps' wording) live with the page
 * (mf-folders/src/features/recovery/lib/labels.ts): this module is in every page's JS.
 */

/** A recovery's stages in order; `closed` when paid, abandoned or settled. */
export const RECOVERY_STAGES = ['amiable', 'mise_en_demeure', 'contentieux', 'closed'] as const;
export type RecoveryStage = (typeof RECOVERY_STAGES)[number];
export const RECOVERY_STAGE_LABELS: Record<RecoveryStage, string> = {
  amiable: 'Relance amiable',
  mise_en_demeure: 'Mise en demeure',
  contentieux: 'Contentieux',
  closed: 'Clos',
};
/**
 * Where a row shows: `a_relancer` is an overdue unpaid issued invoice not yet under recovery; a recovery shows at
 * its stage, or under `closed` once closed or paid in full.
 */
export const RECOVERY_TABS = ['a_relancer', 'amiable', 'mise_en_demeure', 'contentieux', 'closed'] as const;
export type RecoveryTab = (typeof RECOVERY_TABS)[number];
export const RECOVERY_TAB_LABELS: Record<RecoveryTab, string> = {
  a_relancer: 'À relancer',
  ...RECOVERY_STAGE_LABELS,
};

export const RECOVERY_DEBTOR_KINDS = ['assureur', 'client'] as const;
export type RecoveryDebtorKind = (typeof RECOVERY_DEBTOR_KINDS)[number];
export const RECOVERY_DEBTOR_LABELS: Record<RecoveryDebtorKind, string> = { assureur: 'Assureur', client: 'Client' };

/** Units putting one invoice under recovery costs. */
export const RECOVERY_UNIT_COST = 1;
export const RECOVERY_COMMENT_MAX = 2000;

/**
 * A schema only the API reads, built by a call marked pure: unused, the browser's shared contracts module (in every
 * page's JS) drops it whole.
 */
const serverOnly = <T>(build: () => T): T => build();

// ---------------------------------------------------------------- messages

export const RECOVERY_NOT_FOUND = 'Recouvrement introuvable';
export const RECOVERY_INVOICE_NOT_FOUND = 'Facture introuvable';
export const RECOVERY_ALREADY_OPEN = 'Cette facture est déjà en recouvrement';
export const RECOVERY_NOT_ISSUED = 'Seule une facture émise peut être mise en recouvrement';
export const RECOVERY_NOTHING_DUE = 'Cette facture est réglée : rien à recouvrer';
export const RECOVERY_NOT_OVERDUE = 'Cette facture n’est pas encore échue';
export const RECOVERY_SAME_STAGE = 'Le recouvrement est déjà à cette étape';
export const RECOVERY_STAGE_INVALID = 'Étape de recouvrement inconnue';
export const RECOVERY_COMMENT_REQUIRED = 'Le commentaire est obligatoire';
export const RECOVERY_COMMENT_TOO_LONG = `Le commentaire compte ${RECOVERY_COMMENT_MAX} caractères au plus`;
/** Title of the notification a comment sends. */
export const RECOVERY_COMMENT_TITLE = 'Commentaire de recouvrement';

// ---------------------------------------------------------------- the list

/**
 * Column keys of `GET /api/recovery/list/all`, index = sortField. Filters: folder (number, plate, customer),
 * document (invoice number), debtor (name), tab (a `RECOVERY_TABS` value, which the status tabs send). Default
 * sort: the oldest due date first (`daysOverdue` desc).
 */
export const RECOVERY_COLUMNS = [
  'folder',
  'document',
  'debtor',
  'amountDue',
  'daysOverdue',
  'tab',
  'lastEventAt',
] as const;
export type RecoveryColumn = (typeof RECOVERY_COLUMNS)[number];
/** `RECOVERY_COLUMNS.indexOf('tab')`, written out: the array itself stays on the server (checked by the API tests). */
export const RECOVERY_TAB_COLUMN = 5;
export const RECOVERY_EVENT_KINDS = ['stage', 'comment'] as const;

export const recoveryRowSchema = z.object({
  /** Null while the invoice is not under recovery (tab à relancer). */
  recoveryId: z.number().int().nullable(),
  documentId: z.number().int(),
  documentNumber: z.string(),
  /** An unpaid invoice of the former software (« Solde repris »): no document page to open. */
  openingBalance: z.boolean(),
  folderId: z.number().int().nullable(),
  folderNumber: z.string().nullable(),
  /** AB-123-CD. */
  plate: z.string().nullable(),
  debtorKind: z.enum(RECOVERY_DEBTOR_KINDS),
  debtorName: z.string(),
  /** Total - paid - issued credit notes, cents (0 once settled). */
  amountDue: z.number().int(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  /** Days since the due date (0 when not past). */
  daysOverdue: z.number().int(),
  /** The recovery's stage as set; null before it is opened. */
  stage: z.enum(RECOVERY_STAGES).nullable(),
  tab: z.enum(RECOVERY_TABS),
  lastEventAt: z.string().nullable(),
  lastEventKind: z.enum(RECOVERY_EVENT_KINDS).nullable(),
});
export type RecoveryRow = z.infer<typeof recoveryRowSchema>;
export const recoveryListResponseSchema = /* @__PURE__ */ serverOnly(() => pagedResponseSchema(recoveryRowSchema));

// ---------------------------------------------------------------- calls

export const recoveryIdParamsSchema = /* @__PURE__ */ serverOnly(() =>
  z.object({ id: z.coerce.number({ message: 'Identifiant de recouvrement invalide' }).int().min(1) }),
);
export const recoveryDocumentParamsSchema = /* @__PURE__ */ serverOnly(() =>
  z.object({ documentId: z.coerce.number({ message: 'Identifiant de facture invalide' }).int().min(1) }),
);

export const recoveryStageBodySchema = /* @__PURE__ */ serverOnly(() =>
  z.object({ stage: z.enum(RECOVERY_STAGES, { message: RECOVERY_STAGE_INVALID }) }),
);
export type RecoveryStageBody = z.input<typeof recoveryStageBodySchema>;

/** Plain text (the server drops control characters and escapes it wherever it writes HTML). */
export const recoveryCommentBodySchema = /* @__PURE__ */ serverOnly(() =>
  z.object({
    content: z
      .string({ message: RECOVERY_COMMENT_REQUIRED })
      .trim()
      .min(1, { message: RECOVERY_COMMENT_REQUIRED })
      .max(RECOVERY_COMMENT_MAX, { message: RECOVERY_COMMENT_TOO_LONG }),
  }),
);
export type RecoveryCommentBody = z.input<typeof recoveryCommentBodySchema>;

export const recoveryEventSchema = z.object({
  id: z.number().int(),
  recoveryId: z.number().int(),
  kind: z.enum(RECOVERY_EVENT_KINDS),
  /** Null for the opening. */
  fromStage: z.enum(RECOVERY_STAGES).nullable(),
  toStage: z.enum(RECOVERY_STAGES).nullable(),
  /** A comment's plain text. */
  content: z.string().nullable(),
  /** Who did it ("Système" for the demo). */
  user: z.string(),
  createdAt: z.string(),
});
export type RecoveryEvent = z.infer<typeof recoveryEventSchema>;
export const recoveryEventListSchema = z.object({ data: z.array(recoveryEventSchema) });

/** 201 of the opening: the recovery, its first event and the garage's balance after the unit. */
export const recoveryOpenedSchema = /* @__PURE__ */ serverOnly(() =>
  z.object({
    id: z.number().int(),
    documentId: z.number().int(),
    stage: z.enum(RECOVERY_STAGES),
    jeton: z.number().int(),
  }),
);
export type RecoveryOpened = z.infer<typeof recoveryOpenedSchema>;
