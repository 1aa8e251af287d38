import { z } from 'zod';
import { PERIOD_EXPORT_DATE_INVALID, PERIOD_EXPORT_REVERSED, periodDays } from './billing-downloads';
import { parisToday } from './clock';

/*
 * The integrity check of a garage's inalterable chain (CGI art. 286 I 3° bis): every link recomputed, every
 * record re-read and compared with what its link recorded; the first broken record named.
 */

export const INTEGRITY_PROBLEMS = [
  'record-altered',
  'record-missing',
  'record-unchained',
  'link-altered',
  'link-missing',
  'event-altered',
  'event-missing',
  // what the database cannot change (the heads published beside the key, the signed archives, the key).
  'head-differs',
  'heads-unreadable',
  'signing-key',
] as const;
export type IntegrityProblemKind = (typeof INTEGRITY_PROBLEMS)[number];
export const INTEGRITY_PROBLEM_LABELS: Record<IntegrityProblemKind, string> = {
  'record-altered': 'Enregistrement modifié après coup',
  'record-missing': 'Enregistrement supprimé',
  'record-unchained': 'Enregistrement absent du chaînage',
  'link-altered': 'Maillon de la chaîne altéré',
  'link-missing': 'Maillon manquant',
  'event-altered': 'Événement du journal altéré',
  'event-missing': 'Événement du journal manquant',
  'head-differs': 'Chaîne réécrite : tête différente de celle publiée hors de la base',
  'heads-unreadable': 'Journal des têtes publiées endommagé',
  'signing-key': 'Clé de signature différente de celle de l’instance',
};

/** The technical event log's kinds, as the page names them. */
export const EVENT_KIND_LABELS: Record<string, string> = {
  startup: 'Démarrage',
  reprint: 'Réimpression d’un original',
  export: 'Export',
  'identity-change': 'Changement de l’identité légale',
  'integrity-failure': 'Contrôle d’intégrité en échec',
  archive: 'Archive signée',
  closing: 'Clôture',
  'mfa-reset': 'Double authentification réinitialisée',
  'cash-up': 'Clôture de caisse',
};

export const ledgerEventSchema = z.object({
  seq: z.number().int(),
  kind: z.string(),
  at: z.string(),
  userId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type LedgerEvent = z.infer<typeof ledgerEventSchema>;
export const LINK_KIND_LABELS: Record<string, string> = {
  invoice: 'Facture',
  'credit-note': 'Avoir',
  payment: 'Paiement',
  archive: 'Archive',
};

export const integrityProblemSchema = z.object({
  /** The link's place in the chain (for a missing link: the place it should have). */
  seq: z.number().int(),
  problem: z.enum(INTEGRITY_PROBLEMS),
  kind: z.string().nullable(),
  /** The document's number, or the paid invoice's. */
  reference: z.string().nullable(),
  recordedAt: z.string().nullable(),
  /** What differs between the record as chained and as stored (field names), or what is wrong with the link. */
  differences: z.array(z.string()),
});
export type IntegrityProblem = z.infer<typeof integrityProblemSchema>;

export const integrityReportSchema = z.object({
  companyId: z.number().int(),
  valid: z.boolean(),
  /** Links checked. */
  checked: z.number().int(),
  head: z
    .object({
      seq: z.number().int(),
      hash: z.string(),
      recordedAt: z.string(),
      /** Perpetual grand totals, cents: sales TTC and receipts per method. */
      salesTotal: z.number().int(),
      receipts: z.record(z.string(), z.number().int()),
    })
    .nullable(),
  /** In chain order; the first is the first broken record. At most 100. Then the event log's. */
  problems: z.array(integrityProblemSchema),
  /** Events of the technical log checked, and its last ones (newest first). */
  eventsChecked: z.number().int(),
  events: z.array(ledgerEventSchema),
  checkedAt: z.string(),
  durationMs: z.number().int(),
});
export type IntegrityReport = z.infer<typeof integrityReportSchema>;

export const INTEGRITY_VALID = 'Chaîne intègre : chaque enregistrement est tel qu’il a été chaîné';
export const INTEGRITY_BROKEN = 'Chaîne rompue : des enregistrements ne sont plus tels qu’ils ont été chaînés';

/*
 * Signed archives (BOI-TVA-DECLA-30-10-30, « archivage »): one zip per garage and period (each ended fiscal
 * year, or a period asked for) holding the frozen PDFs, the records, closings, event log and chain, with a manifest
 * of SHA-256 digests signed by the instance's Ed25519 key. Never deleted.
 */

export const ARCHIVE_KINDS = ['year', 'period'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];
export const ARCHIVE_KIND_LABELS: Record<ArchiveKind, string> = { year: 'Exercice', period: 'Période' };

/** At most a year (a leap one included) per archive asked for: an auditor asks for a fiscal year. */
export const ARCHIVE_MAX_DAYS = 366;
export const ARCHIVE_PERIOD_TOO_LONG = `La période archivée ne peut pas dépasser ${ARCHIVE_MAX_DAYS} jours`;
export const ARCHIVE_PERIOD_IN_FUTURE = 'La période archivée ne peut pas finir après aujourd’hui';
export const ARCHIVE_NOT_FOUND = 'Archive introuvable';

const isCalendarDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** Why a period (Paris days, both included) cannot be archived, or undefined: the form and the API. */
export function archivePeriodRefusal(from: string, to: string, today = parisToday()): string | undefined {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return PERIOD_EXPORT_DATE_INVALID;
  if (to < from) return PERIOD_EXPORT_REVERSED;
  // Records are still written today: an archive up to today holds what was recorded when it was made.
  if (to > today) return ARCHIVE_PERIOD_IN_FUTURE;
  if (periodDays(from, to) > ARCHIVE_MAX_DAYS) return ARCHIVE_PERIOD_TOO_LONG;
  return undefined;
}

/** A schema only the API reads, built by a call marked pure: unused, the browser's contracts drop it. */
const serverOnly = <T>(build: () => T): T => build();

/** `POST /api/integrity/{companyId}/archives`: the days Du and Au (Paris calendar, both included). */
export const archiveBodySchema = /* @__PURE__ */ serverOnly(() => {
  const day = z.string({ message: PERIOD_EXPORT_DATE_INVALID });
  return z.object({ from: day, to: day }).superRefine((body, context) => {
    const refusal = archivePeriodRefusal(body.from, body.to);
    if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['to'] });
  });
});
export type ArchiveBody = z.infer<typeof archiveBodySchema>;

export const archiveSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: z.enum(ARCHIVE_KINDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  fileName: z.string(),
  /** Size of the zip, bytes. */
  bytes: z.number().int(),
  /** SHA-256 of the whole file, and of its signed manifest. */
  sha256: z.string(),
  manifestSha256: z.string(),
  /** The chain's last link the archive holds (its own link follows it). */
  throughSeq: z.number().int(),
  createdAt: z.string(),
  /** Null: made by the instance itself (the yearly archive after the closing). */
  createdBy: z.string().nullable(),
});
export type Archive = z.infer<typeof archiveSchema>;
export const archiveListSchema = z.array(archiveSchema);

/** The instance's archive-signing key: its PEM and the SHA-256 of its DER form, to compare with an archive's. */
export const archivePublicKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  publicKey: z.string(),
  fingerprint: z.string(),
});
export type ArchivePublicKey = z.infer<typeof archivePublicKeySchema>;

/** `GET` of an archive's zip, downloaded by the browser itself (cookie sent). */
export const archiveFilePath = (companyId: number, id: number) => `/api/integrity/${companyId}/archives/${id}/file`;
